import type { Kysely, Transaction } from 'kysely';
import { normalizePhone } from '@spajobs/contract/phone';
import type { Profile } from '@spajobs/contract/user';
import type { Db } from '../db/database.ts';
import type { Database, NewUser, UserRow, UserUpdate } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export function toProfile(u: UserRow): Profile {
  let skills: string[] = [];
  try {
    const parsed: unknown = JSON.parse(u.skills);
    if (Array.isArray(parsed)) skills = parsed.map(String);
  } catch {
    skills = [];
  }
  return {
    _id: String(u.id),
    role: u.role,
    firstname: u.firstname,
    lastname: u.lastname,
    email: u.email,
    phone: u.phone ?? '',
    gender: u.gender,
    dob: u.dob,
    qualification: u.qualification,
    experience: u.experience,
    skills,
    address: u.address,
    profileimage: u.profile_image,
    resume: u.resume,
  };
}

/**
 * An e-mail address (lower-cased) or a phone number, as typed at sign-in: any
 * written form of a number ("+91 98200 55555", "098200-55555") becomes the
 * 10-digit national number that accounts store.
 */
export function parseLogin(login: string): { email: string } | { phone: string } {
  const v = login.trim();
  if (v.includes('@')) return { email: v.toLowerCase() };
  return { phone: normalizePhone(v) ?? v };
}

/** True for the unique-constraint error of either engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export class UserRepository {
  constructor(private readonly d: Db) {}

  private get db(): Kysely<Database> {
    return this.d.db;
  }

  async create(user: Omit<NewUser, 'created_at' | 'updated_at'>): Promise<UserRow> {
    const now = Date.now();
    return this.db
      .insertInto('users')
      .values({ ...user, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findById(id: number, tx: Executor = this.db): Promise<UserRow | undefined> {
    return tx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByLogin(login: string): Promise<UserRow | undefined> {
    const key = parseLogin(login);
    const q = this.db.selectFrom('users').selectAll();
    return (
      'email' in key ? q.where('email', '=', key.email) : q.where('phone', '=', key.phone)
    ).executeTakeFirst();
  }

  /** Which of the e-mail and phone already belong to another account. */
  async taken(email: string, phone: string, exceptId?: number): Promise<{ email: boolean; phone: boolean }> {
    let q = this.db
      .selectFrom('users')
      .select(['id', 'email', 'phone'])
      .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)]));
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    const rows = await q.execute();
    return { email: rows.some((r) => r.email === email), phone: rows.some((r) => r.phone === phone) };
  }

  /**
   * Remembers the language the person used last (for e-mails); nothing is
   * written when the request named none or it is the one already kept.
   */
  async rememberLanguage(user: Pick<UserRow, 'id' | 'language'>, language: string | null): Promise<void> {
    if (!language || language === user.language) return;
    await this.db.updateTable('users').set({ language }).where('id', '=', user.id).execute();
  }

  async update(id: number, changes: UserUpdate, tx: Executor = this.db): Promise<UserRow | undefined> {
    return tx
      .updateTable('users')
      .set({ ...changes, updated_at: Date.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Deletes an account and the personal data tied to it, in one transaction:
   * the account (its applications, identities and links go with it by
   * cascade), guest applications and contact messages sent with the same
   * e-mail or phone. Answers the stored files that now belong to no one, for
   * the caller to remove once the transaction is committed; null when there
   * was no such account.
   */
  async deleteAccount(id: number): Promise<{ files: string[] } | null> {
    return this.db.transaction().execute(async (tx) => {
      const user = await this.findById(id, tx);
      if (!user) return null;
      const phone = user.phone;
      const guestOfUser = tx
        .selectFrom('applications')
        .where('user_id', 'is', null)
        .where((eb) =>
          eb.or([eb('guest_email', '=', user.email), ...(phone ? [eb('guest_phone', '=', phone)] : [])]),
        );
      const guestApplications = await guestOfUser.select(['id', 'resume']).execute();
      if (guestApplications.length > 0) {
        await tx
          .deleteFrom('applications')
          .where(
            'id',
            'in',
            guestApplications.map((a) => a.id),
          )
          .execute();
      }
      await tx
        .deleteFrom('contact_messages')
        .where((eb) => eb.or([eb('email', '=', user.email), ...(phone ? [eb('phone', '=', phone)] : [])]))
        .execute();
      await tx.deleteFrom('users').where('id', '=', id).execute();
      const files = [user.profile_image, user.resume, ...guestApplications.map((a) => a.resume)].filter(
        (f): f is string => !!f,
      );
      return { files };
    });
  }
}

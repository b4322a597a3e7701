import { sql, type Kysely, type Transaction } from 'kysely';
import type { AlertFrequency, AlertLanguage, AlertQuery, JobAlert } from '@spajobs/contract/alert';
import { MAX_ALERTS_PER_EMAIL } from '@spajobs/contract/alert';
import type { Db } from '../db/database.ts';
import type { Database, JobAlertRow } from '../db/schema.ts';
import { activeJobFilter } from './job-repository.ts';
import { nextDigestAt } from '../lib/alert-schedule.ts';

type Conn = Kysely<Database> | Transaction<Database>;

export interface NewAlert {
  email: string;
  userId: number | null;
  query: AlertQuery;
  queryKey: string;
  frequency: AlertFrequency;
  language: AlertLanguage;
  /** Hash of the confirmation token; null when the address was confirmed before. */
  tokenHash: string | null;
  tokenExpiresAt: number | null;
}

export type CreateResult =
  { ok: true; row: JobAlertRow; confirmed: boolean } | { ok: false; reason: 'too-many' | 'duplicate' };

export type ConfirmResult =
  { ok: true; row: JobAlertRow } | { ok: false; reason: 'invalid' | 'used' | 'expired' };

/** A job that may be new to alerts: what matching and the digest need, and no more. */
export interface CandidateJob {
  id: number;
  title: string;
  salary: string;
  category: string;
  city: string;
  state: string;
  location: string;
  description: string;
  spaName: string;
  lat: number;
  lng: number;
  salaryMin: number | null;
  experienceMin: number | null;
  postedAt: number;
}

/** New jobs are read this many at a time, each read well inside the query budget. */
const JOB_PAGE = 2_000;

export function toJobAlert(row: JobAlertRow): JobAlert {
  const iso = (v: number | null) => (v === null ? null : new Date(Number(v)).toISOString());
  return {
    id: String(row.id),
    email: row.email,
    frequency: row.frequency as AlertFrequency,
    query: JSON.parse(row.query) as AlertQuery,
    language: row.language === 'hi' ? 'hi' : 'en',
    status: row.status as JobAlert['status'],
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastSentAt: iso(row.last_sent_at),
    nextDigestAt: row.status === 'active' ? iso(row.next_due_at) : null,
  };
}

export class AlertRepository {
  constructor(private readonly d: Db) {}

  private get db(): Kysely<Database> {
    return this.d.db;
  }

  async isAddressConfirmed(email: string, conn: Conn = this.db): Promise<boolean> {
    const row = await conn
      .selectFrom('alert_addresses')
      .select('email')
      .where('email', '=', email)
      .executeTakeFirst();
    return !!row;
  }

  /**
   * Adds an alert unless the address already has the most it may, or one for
   * the same search: the count and the insert happen in one transaction, with
   * the address locked on PostgreSQL (SQLite writes one transaction at a time),
   * so two requests at once cannot make an eleventh.
   */
  async create(a: NewAlert, now = Date.now()): Promise<CreateResult> {
    return this.db.transaction().execute(async (tx) => {
      if (this.d.engine === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtext(${`alert:${a.email}`}))`.execute(tx);
      }
      const existing = await tx
        .selectFrom('job_alerts')
        .select(['query_key'])
        .where('email', '=', a.email)
        .execute();
      if (existing.some((e) => e.query_key === a.queryKey)) return { ok: false, reason: 'duplicate' };
      if (existing.length >= MAX_ALERTS_PER_EMAIL) return { ok: false, reason: 'too-many' };
      const confirmed = await this.isAddressConfirmed(a.email, tx);
      const row = await tx
        .insertInto('job_alerts')
        .values({
          email: a.email,
          user_id: a.userId,
          query: JSON.stringify(a.query),
          query_key: a.queryKey,
          frequency: a.frequency,
          language: a.language,
          status: confirmed ? 'active' : 'pending',
          confirm_token_hash: confirmed ? null : a.tokenHash,
          confirm_expires_at: confirmed ? null : a.tokenExpiresAt,
          confirmed_at: confirmed ? now : null,
          created_at: now,
          hwm_at: now,
          next_due_at: confirmed ? nextDigestAt(a.frequency, now) : null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ok: true, row, confirmed };
    });
  }

  /**
   * Spends a confirmation link: the alert starts (new jobs count from now) and
   * its address is remembered as confirmed, which also starts the address's
   * other alerts that were waiting for their own link. The token's hash stays
   * on the row so that a second click is told the link was used.
   */
  async confirm(tokenHash: string, now = Date.now()): Promise<ConfirmResult> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('job_alerts')
        .selectAll()
        .where('confirm_token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'invalid' };
      if (row.confirmed_at !== null) return { ok: false, reason: 'used' };
      if (Number(row.confirm_expires_at ?? 0) <= now) return { ok: false, reason: 'expired' };
      const claimed = await tx
        .updateTable('job_alerts')
        .set({ confirmed_at: now })
        .where('id', '=', row.id)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return { ok: false, reason: 'used' };
      await this.confirmAddress(tx, row.email, now);
      const updated = await tx
        .selectFrom('job_alerts')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      return { ok: true, row: updated };
    });
  }

  private async confirmAddress(tx: Transaction<Database>, email: string, now: number): Promise<void> {
    const known = await this.isAddressConfirmed(email, tx);
    if (!known) await tx.insertInto('alert_addresses').values({ email, confirmed_at: now }).execute();
    const waiting = await tx
      .selectFrom('job_alerts')
      .select(['id', 'frequency'])
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .execute();
    for (const w of waiting) {
      await tx
        .updateTable('job_alerts')
        .set({
          status: 'active',
          confirmed_at: now,
          hwm_at: now,
          next_due_at: nextDigestAt(w.frequency as AlertFrequency, now),
        })
        .where('id', '=', w.id)
        .execute();
    }
  }

  /** A place some spa is in (for cities and states the gazetteer does not name). */
  async knownPlace(kind: 'city' | 'state', name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('spas')
      .select('id')
      .where(kind, '=', name)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** A new link for an alert of this search still waiting for its confirmation; undefined when there is none. */
  async renewPendingToken(
    email: string,
    queryKey: string,
    tokenHash: string,
    expiresAt: number,
    language?: AlertLanguage,
  ): Promise<JobAlertRow | undefined> {
    return (
      this.db
        .updateTable('job_alerts')
        // The new link goes in the language of the request that asked for it, and so do the digests.
        .set({
          confirm_token_hash: tokenHash,
          confirm_expires_at: expiresAt,
          ...(language ? { language } : {}),
        })
        .where('email', '=', email)
        .where('query_key', '=', queryKey)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst()
    );
  }

  async findById(id: number): Promise<JobAlertRow | undefined> {
    return this.db.selectFrom('job_alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listForUser(userId: number): Promise<JobAlertRow[]> {
    return this.db
      .selectFrom('job_alerts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Pause, resume or change how often; only the owner's alert. A resumed alert counts new jobs from now. */
  async update(
    id: number,
    userId: number,
    patch: { paused?: boolean | undefined; frequency?: AlertFrequency | undefined },
    now = Date.now(),
  ): Promise<JobAlertRow | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .selectFrom('job_alerts')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const frequency = (patch.frequency ?? row.frequency) as AlertFrequency;
      let status = row.status;
      if (row.status !== 'pending' && patch.paused !== undefined) status = patch.paused ? 'paused' : 'active';
      const resumed = row.status === 'paused' && status === 'active';
      await tx
        .updateTable('job_alerts')
        .set({
          frequency,
          status,
          next_due_at: status === 'active' ? nextDigestAt(frequency, now) : null,
          ...(resumed ? { hwm_at: now } : {}),
        })
        .where('id', '=', id)
        .execute();
      return tx.selectFrom('job_alerts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
  }

  async deleteForUser(id: number, userId: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom('job_alerts')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  }

  /** Unsubscribe: the alert is gone at once, whoever holds its lease. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('job_alerts').where('id', '=', id).execute();
  }

  /** The oldest high-water mark among alerts due by `now`: where a run starts reading new jobs. */
  async oldestDueMark(now: number): Promise<number | null> {
    const r = await this.db
      .selectFrom('job_alerts')
      .select((eb) => eb.fn.min<number>('hwm_at').as('hwm'))
      .where('next_due_at', '<=', now)
      .executeTakeFirst();
    return r?.hwm === null || r?.hwm === undefined ? null : Number(r.hwm);
  }

  /**
   * Claims up to `limit` due alerts for `owner` until `now + leaseMs`: alerts
   * whose lease is free or has run out (its scheduler died). One statement,
   * so the claim is atomic: on PostgreSQL the rows are picked FOR UPDATE SKIP
   * LOCKED, so schedulers running side by side take different alerts without
   * waiting on each other; SQLite runs one writing statement at a time.
   */
  async claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<JobAlertRow[]> {
    const due = this.db
      .selectFrom('job_alerts')
      .select('id')
      .where('next_due_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_due_at')
      .orderBy('id')
      .limit(limit);
    return this.db
      .updateTable('job_alerts')
      .set({ lease_owner: owner, lease_until: now + leaseMs })
      .where('id', 'in', this.d.engine === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returningAll()
      .execute();
  }

  /**
   * Digests that went out: each one's high-water mark, next due time and
   * "sent" record are written in one statement for all of them, and only
   * for those whose lease this scheduler still holds. Answers the ids
   * marked; one missing lost its lease (the alert was deleted, or taken over
   * after the lease ran out).
   */
  async markSent(
    digests: { id: number; hwmAt: number; nextDueAt: number; sentAt: number }[],
    owner: string,
  ): Promise<Set<number>> {
    if (!digests.length) return new Set();
    // Each column's value per alert; `else` keeps the column's own type on PostgreSQL.
    const each = (
      column: 'hwm_at' | 'next_due_at' | 'last_sent_at',
      value: (d: (typeof digests)[0]) => number,
    ) =>
      sql<number>`case id ${sql.join(
        digests.map((d) => sql`when ${d.id} then ${value(d)}`),
        sql` `,
      )} else ${sql.ref(column)} end`;
    const rows = await this.db
      .updateTable('job_alerts')
      .set((eb) => ({
        hwm_at: each('hwm_at', (d) => d.hwmAt),
        next_due_at: each('next_due_at', (d) => d.nextDueAt),
        last_sent_at: each('last_sent_at', (d) => d.sentAt),
        digests_sent: eb('digests_sent', '+', 1),
        attempts: 0,
        lease_owner: null,
        lease_until: null,
      }))
      .where(
        'id',
        'in',
        digests.map((d) => d.id),
      )
      .where('lease_owner', '=', owner)
      .returning('id')
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Nothing new for these alerts: move their marks and due times on, in one statement per due time. */
  async markChecked(items: { id: number; nextDueAt: number }[], owner: string, hwmAt: number): Promise<void> {
    const byDue = new Map<number, number[]>();
    for (const i of items) byDue.set(i.nextDueAt, [...(byDue.get(i.nextDueAt) ?? []), i.id]);
    for (const [nextDueAt, ids] of byDue) {
      for (let i = 0; i < ids.length; i += 500) {
        await this.db
          .updateTable('job_alerts')
          .set({
            // A mark never goes back (an alert confirmed during the run keeps its own).
            hwm_at: sql<number>`case when hwm_at > ${hwmAt} then hwm_at else ${hwmAt} end`,
            next_due_at: nextDueAt,
            attempts: 0,
            lease_owner: null,
            lease_until: null,
          })
          .where('id', 'in', ids.slice(i, i + 500))
          .where('lease_owner', '=', owner)
          .execute();
      }
    }
  }

  /** Hands back alerts still leased to `owner` (a batch that failed part-way): due again at once. */
  async releaseAll(owner: string, ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      await this.db
        .updateTable('job_alerts')
        .set({ lease_owner: null, lease_until: null })
        .where('id', 'in', ids.slice(i, i + 500))
        .where('lease_owner', '=', owner)
        .execute();
    }
  }

  /** Sending failed after its retries: try again later, with the same mark, so nothing is lost. */
  async release(id: number, owner: string, retryAt: number): Promise<void> {
    await this.db
      .updateTable('job_alerts')
      .set((eb) => ({
        next_due_at: retryAt,
        attempts: eb('attempts', '+', 1),
        lease_owner: null,
        lease_until: null,
      }))
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /**
   * Open jobs posted after `since` and up to `until`, newest first, with
   * their spa's name and place. Read in pages along (posted_at, id), each an
   * indexed range read that goes through the read pool on SQLite.
   */
  async newJobs(since: number, until: number, now = Date.now()): Promise<CandidateJob[]> {
    const out: CandidateJob[] = [];
    let before: { at: number; id: number } | null = null;
    for (;;) {
      const cursor = before;
      const rows = await this.db
        .selectFrom('jobs')
        .innerJoin('spas', 'spas.id', 'jobs.spa_id')
        .select([
          'jobs.id',
          'jobs.title',
          'jobs.salary',
          'jobs.category',
          'jobs.city',
          'jobs.state',
          'jobs.location',
          'jobs.description',
          'jobs.salary_min',
          'jobs.experience_min',
          'jobs.posted_at',
          'spas.name as spa_name',
          'spas.latitude',
          'spas.longitude',
        ])
        .where((eb) => activeJobFilter(eb, now))
        .where('jobs.posted_at', '>', since)
        .where('jobs.posted_at', '<=', until)
        .$if(cursor !== null, (q) =>
          q.where((eb) =>
            eb.or([
              eb('jobs.posted_at', '<', cursor!.at),
              eb.and([eb('jobs.posted_at', '=', cursor!.at), eb('jobs.id', '<', cursor!.id)]),
            ]),
          ),
        )
        .orderBy('jobs.posted_at', 'desc')
        .orderBy('jobs.id', 'desc')
        .limit(JOB_PAGE)
        .execute();
      for (const r of rows) {
        out.push({
          id: Number(r.id),
          title: r.title,
          salary: r.salary,
          category: r.category,
          city: r.city,
          state: r.state,
          location: r.location,
          description: r.description,
          spaName: r.spa_name,
          lat: Number(r.latitude),
          lng: Number(r.longitude),
          salaryMin: r.salary_min === null ? null : Number(r.salary_min),
          experienceMin: r.experience_min === null ? null : Number(r.experience_min),
          postedAt: Number(r.posted_at),
        });
      }
      if (rows.length < JOB_PAGE) return out;
      const last = out[out.length - 1]!;
      before = { at: last.postedAt, id: last.id };
    }
  }

  /** Jobs among these ids that are still open (checked again just before a digest is sent). */
  async stillOpen(ids: number[], now = Date.now()): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('jobs')
      .select('jobs.id')
      .where('jobs.id', 'in', ids)
      .where((eb) => activeJobFilter(eb, now))
      .execute();
    return new Set(rows.map((r) => Number(r.id)));
  }
}

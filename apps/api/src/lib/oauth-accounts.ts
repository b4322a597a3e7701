import type { Generated, Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { isUniqueViolation } from '../repositories/user-repository.ts';
import { hashLinkToken, newLinkToken } from './tokens.ts';
import type { OAuthProviderId } from './oauth-providers.ts';

interface UserIdentityTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: number;
}

interface OAuthLoginCodeTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  provider: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

type OAuthDatabase = Database & {
  user_identities: UserIdentityTable;
  oauth_login_codes: OAuthLoginCodeTable;
};

/** What a provider says about the person, once their e-mail is known to be verified. */
export interface ExternalProfile {
  provider: OAuthProviderId;
  subject: string;
  email: string;
  firstname: string;
  lastname: string;
}

/** How long the web app has to exchange a sign-in code. */
export const LOGIN_CODE_TTL_MS = 2 * 60_000;

/**
 * Accounts reached through an external provider: found by the provider's
 * identity, else by the verified e-mail (and linked), else created.
 */
export class OAuthAccounts {
  constructor(private readonly d: Db) {}

  private get db(): Kysely<OAuthDatabase> {
    return this.d.db.withTables<{
      user_identities: UserIdentityTable;
      oauth_login_codes: OAuthLoginCodeTable;
    }>();
  }

  /**
   * The account for this provider identity, creating or linking it when
   * `mayLink(candidate)` allows; `refused` names an existing account that
   * may not be linked (its role is not "user").
   */
  async findOrCreate(
    profile: ExternalProfile,
    mayLink: (user: UserRow) => boolean,
  ): Promise<{ user: UserRow; created: boolean } | { refused: UserRow }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const linked = await trx
            .selectFrom('user_identities')
            .innerJoin('users', 'users.id', 'user_identities.user_id')
            .selectAll('users')
            .where('user_identities.provider', '=', profile.provider)
            .where('user_identities.subject', '=', profile.subject)
            .executeTakeFirst();
          if (linked) return { user: linked, created: false };

          const now = Date.now();
          const existing = await trx
            .selectFrom('users')
            .selectAll()
            .where('email', '=', profile.email)
            .executeTakeFirst();
          if (existing && !mayLink(existing)) return { refused: existing };
          const user =
            existing ??
            (await trx
              .insertInto('users')
              .values({
                email: profile.email,
                phone: null,
                password_hash: null,
                firstname: profile.firstname,
                lastname: profile.lastname,
                role: 'user',
                created_at: now,
                updated_at: now,
              })
              .returningAll()
              .executeTakeFirstOrThrow());
          await trx
            .insertInto('user_identities')
            .values({
              user_id: user.id,
              provider: profile.provider,
              subject: profile.subject,
              email: profile.email,
              created_at: now,
            })
            .execute();
          return { user, created: !existing };
        });
      } catch (err) {
        // Two sign-ins of the same person at once: the other one made the
        // account or link first, so the next look finds it.
        if (attempt === 0 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  /** A single-use code for the web app to exchange for a session; only its hash is kept. */
  async issueLoginCode(userId: number, provider: OAuthProviderId, now = Date.now()): Promise<string> {
    const { token, hash } = newLinkToken();
    // Old codes go as new ones are made, so the table stays small.
    await this.db
      .deleteFrom('oauth_login_codes')
      .where('expires_at', '<', now - LOGIN_CODE_TTL_MS)
      .execute();
    await this.db
      .insertInto('oauth_login_codes')
      .values({
        code_hash: hash,
        user_id: userId,
        provider,
        expires_at: now + LOGIN_CODE_TTL_MS,
        created_at: now,
      })
      .execute();
    return token;
  }

  /** The account a code belongs to, once: the code is spent whether or not it is still valid. */
  async redeemLoginCode(code: string, now = Date.now()): Promise<UserRow | undefined> {
    const row = await this.db
      .updateTable('oauth_login_codes')
      .set({ used_at: now })
      .where('code_hash', '=', hashLinkToken(code))
      .where('used_at', 'is', null)
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
    if (!row || Number(row.expires_at) < now) return undefined;
    return this.db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  }

  /** The provider identities linked to an account (for tests and support). */
  identitiesOf(userId: number) {
    return this.db
      .selectFrom('user_identities')
      .select(['provider', 'subject', 'email'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }
}

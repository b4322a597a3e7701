import type { Db } from '../db/database.ts';

/** A reset link is good for one hour and one use. */
export const RESET_LINK_TTL_MS = 3_600_000;

export class PasswordResetRepository {
  constructor(private readonly d: Db) {}

  async create(userId: number, tokenHash: string, now = Date.now()): Promise<void> {
    await this.d.db
      .insertInto('password_reset_tokens')
      .values({
        user_id: userId,
        token_hash: tokenHash,
        expires_at: now + RESET_LINK_TTL_MS,
        created_at: now,
      })
      .execute();
  }

  /**
   * Spends the link and sets the new password in one transaction: the token is
   * claimed with a conditional update, so of two requests with the same link
   * only one succeeds. Every other open link of the account is spent too, and
   * sessions issued before now are ended. Answers the user id, or null when the
   * link is unknown, used or expired.
   */
  async redeem(tokenHash: string, passwordHash: string, now = Date.now()): Promise<number | null> {
    return this.d.db.transaction().execute(async (tx) => {
      const token = await tx
        .selectFrom('password_reset_tokens')
        .select(['id', 'user_id'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!token) return null;
      const claimed = await tx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('id', '=', token.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      await tx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('user_id', '=', token.user_id)
        .where('used_at', 'is', null)
        .execute();
      await tx
        .updateTable('users')
        .set({ password_hash: passwordHash, sessions_valid_after: now, updated_at: now })
        .where('id', '=', token.user_id)
        .execute();
      return Number(token.user_id);
    });
  }
}

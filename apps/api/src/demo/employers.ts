import type { Db } from '../db/database.ts';
import { hashPassword } from '../lib/passwords.ts';

/**
 * Demo employers for the demo data: each manages one of the first demo spas,
 * which is verified. Their passwords are published in the README; they exist
 * only where demo data is switched on. There is no demo admin: an admin is
 * always made on the command line (npm run user).
 */
export const DEMO_EMPLOYERS = [
  { email: 'employer1@demo.spajobs.in', phone: '9000000101', firstname: 'Kavita', lastname: 'Menon' },
  { email: 'employer2@demo.spajobs.in', phone: '9000000102', firstname: 'Arjun', lastname: 'Reddy' },
  { email: 'employer3@demo.spajobs.in', phone: '9000000103', firstname: 'Farah', lastname: 'Khan' },
] as const;
export const DEMO_EMPLOYER_PASSWORD = 'demo-employer-2025';

/** Adds the demo employers unless they are there already; answers how many were added. */
export async function seedDemoEmployers({ db }: Db, now = Date.now()): Promise<number> {
  const spas = await db.selectFrom('spas').select('id').orderBy('id').limit(DEMO_EMPLOYERS.length).execute();
  const passwordHash = await hashPassword(DEMO_EMPLOYER_PASSWORD);
  let added = 0;
  for (const [i, spa] of spas.entries()) {
    const who = DEMO_EMPLOYERS[i]!;
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', who.email)
      .executeTakeFirst();
    if (exists) continue;
    await db.transaction().execute(async (tx) => {
      const user = await tx
        .insertInto('users')
        .values({ ...who, password_hash: passwordHash, role: 'employer', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('spa_members')
        .values({ spa_id: spa.id, user_id: user.id, role: 'owner', created_at: now })
        .execute();
      await tx.updateTable('spas').set({ verification: 'verified' }).where('id', '=', spa.id).execute();
    });
    added++;
  }
  return added;
}

/**
 * Makes an account of a role, or gives an existing account that role, and
 * prints a one-time link (valid one hour) to set its password. No password is
 * ever set or printed here.
 *   npm run user -- --role admin --email ops@example.in [--firstname Asha --lastname Rao --phone 9876543210]
 */
import { emailField, phone10Field } from '@spajobs/contract/fields';
import { ROLES, type Role } from '@spajobs/contract/user';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { newLinkToken } from '../lib/tokens.ts';
import { PasswordResetRepository } from '../repositories/password-reset-repository.ts';
import { UserRepository } from '../repositories/user-repository.ts';
import { parseArgs } from './args.ts';

const USAGE =
  'Usage: npm run user -- --role admin|employer|user --email name@example.in [--firstname … --lastname … --phone 10 digits]';

const { flags } = parseArgs(process.argv.slice(2));
const role = String(flags.role ?? '') as Role;
const email = emailField.safeParse(String(flags.email ?? ''));
const phone = flags.phone === undefined ? null : phone10Field.safeParse(String(flags.phone));
if (!ROLES.includes(role) || !email.success || (phone && !phone.success)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
// A command run by hand: no request time budgets, and no read workers to start.
const database = await createDb({
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  readWorkers: 0,
  queryBudgetMs: 0,
  pgSchema: config.databaseSchema,
  limits: 'none',
});
try {
  await migrateToLatest(database);
  const users = new UserRepository(database);
  let user = await users.findByLogin(email.data);
  if (user) {
    user = await users.update(user.id, { role, disabled_at: null });
    console.log(`The account ${email.data} now has the role "${role}".`);
  } else {
    user = await users.create({
      email: email.data,
      phone: phone?.success ? phone.data : null,
      firstname: String(flags.firstname ?? (role === 'admin' ? 'Admin' : 'Team')),
      lastname: String(flags.lastname ?? 'Spa Jobs'),
      password_hash: null,
      role,
    });
    console.log(`Made the account ${email.data} with the role "${role}".`);
  }
  const { token, hash } = newLinkToken();
  await new PasswordResetRepository(database).create(user!.id, hash);
  console.log('Open this link within one hour to set its password (it works once):');
  console.log(`${config.publicBaseUrl}/reset-password?token=${token}`);
} finally {
  await database.destroy();
}

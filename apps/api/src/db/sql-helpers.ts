import { sql, type Expression, type SqlBool } from 'kysely';
import type { Engine } from './database.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * Case-insensitive "contains": ILIKE on PostgreSQL, LIKE on SQLite (which is
 * case-insensitive for ASCII). Wildcards typed by a user match themselves.
 */
export function containsInsensitive(engine: Engine, column: string, value: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(value)}%`;
  return engine === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.ts';

/**
 * PostgreSQL: words deleted take the common words' bits with them (decision 77). Only the lists'
 * rebuild deletes words; one run by a version before migration 0041 (an instance not yet upgraded,
 * resuming a bulk load) knows nothing of `job_common_words`, and a bit given again later must not meet a
 * job's old bits. A trigger on the word list empties the rows of bits whenever words are deleted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') return;
  await sql`create function job_common_words_cleared() returns trigger language plpgsql as $$
    begin
      delete from job_common_words;
      return null;
    end $$`.execute(db);
  await sql`create trigger job_common_words_clear after delete on job_word_list
    for each statement execute function job_common_words_cleared()`.execute(db);
}

import type { Database } from 'better-sqlite3';

/** Registers job_word_sample(title, spa_name, description) on a connection (word-sample.mjs). */
export function registerWordSample(db: Database): void;

import type { Database } from 'better-sqlite3';

/** Words held by fewer than this share of the sample are left out of it (word-sample.mjs). */
export const WORD_SAMPLE_MIN_SHARE: number;

/** Registers job_word_sample(title, spa_name, description) on a connection (word-sample.mjs). */
export function registerWordSample(db: Database): void;

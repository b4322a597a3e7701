import type { Database } from 'better-sqlite3';

/** How many 64-bit words a job's text signature has (text-signature.mjs). */
export const SIGNATURE_WORDS: number;

/** The bits a text term sets, by word of the signature; empty for fewer than three code points. */
export function termSignature(text: string): { word: number; mask: bigint }[];

/** Registers job_text_signature(title, spa_name, description, k) on a connection (text-signature.mjs). */
export function registerTextSignature(db: Database): void;

import type { Database } from 'better-sqlite3';

/** The characters that cut a text into words: ASCII white space and punctuation. */
export const WORD_BREAK: RegExp;
export function lowerAscii(text: string): string;
export function textWords(...texts: (string | null | undefined)[]): string[];
export function registerTextWords(db: Database): void;

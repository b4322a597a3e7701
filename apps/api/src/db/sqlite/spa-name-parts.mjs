// The parts of a spa's name whose spas are counted (SQLite, migration 0037): every run of one to
// SPA_NAME_PART_CHARS characters, each once, ASCII letters in lower case as SQLite's LIKE compares them,
// every other character as it is.

import { lowerAscii } from './text-words.mjs';

/** The longest part counted, on both engines (PostgreSQL's table takes its parts of `name_search`). */
export const SPA_NAME_PART_CHARS = 8;

/** The distinct parts of a name, of one to SPA_NAME_PART_CHARS characters. */
export function spaNameParts(name) {
  if (typeof name !== 'string' || !name) return [];
  const chars = Array.from(lowerAscii(name));
  const out = new Set();
  for (let i = 0; i < chars.length; i++) {
    let part = '';
    for (let n = 1; n <= SPA_NAME_PART_CHARS && i + n <= chars.length; n++) {
      part += chars[i + n - 1];
      out.add(part);
    }
  }
  return [...out];
}

/**
 * Registers `spa_name_parts(name)`, a name's distinct parts as a JSON array (read with json_each), on a
 * connection. The triggers that keep the counts call it, so every connection that writes spas needs it.
 */
export function registerSpaNameParts(db) {
  db.function('spa_name_parts', { deterministic: true }, (name) => JSON.stringify(spaNameParts(name)));
}

// A job's words (SQLite), as its keyword lists hold them (decision 64): its title, its spa's name and its
// description cut at ASCII white space and punctuation, each once, ASCII letters in lower case as SQLite's
// LIKE compares them, every other character as it is.

/** The characters that cut a text into words: ASCII white space and punctuation (WORD_BREAKS in job-words.ts). */
export const WORD_BREAK = /[\t\n\v\f\r !-/:-@[-`{-~]/;
const BREAKS = new RegExp(`${WORD_BREAK.source}+`);

/** A text with its ASCII letters lower-cased, as SQLite's LIKE and lower() compare them. */
export const lowerAscii = (text) => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** The distinct words of the texts. */
export function textWords(...texts) {
  const out = new Set();
  for (const text of texts) {
    if (typeof text !== 'string' || !text) continue;
    for (const w of lowerAscii(text).split(BREAKS)) if (w) out.add(w);
  }
  return [...out];
}

/**
 * Registers `job_text_words(title, spa_name, description)`, a job's distinct words as a JSON array (read
 * with json_each), on a connection. The triggers that keep the lists call it, so every connection that
 * writes jobs needs it.
 */
export function registerTextWords(db) {
  db.function('job_text_words', { deterministic: true }, (title, spaName, description) =>
    JSON.stringify(textWords(title, spaName, description)),
  );
}

// A job's text signature (SQLite): which of 512 bits its trigrams set, in eight 64-bit words. The indexes
// that walks read in date order carry the words (migration 0033), and a walk tests a term's bits on each
// entry before its LIKEs: a job whose text lacks one of the term's trigrams cannot contain the term, and
// most entries a walk passes are left after an AND or two instead of three pattern tests (decision 58).
// Letters are compared as SQLite's LIKE compares them: ASCII ones without case, every other as it is.
// Each column is read on its own, so no trigram spans two of them.

/** How many 64-bit words a signature has: 512 bits. */
export const SIGNATURE_WORDS = 8;

const BITS = SIGNATURE_WORDS * 64;

/** The bit that a trigram of three code points sets. */
function bitOf(a, b, c) {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) % BITS;
}

/** The code points of a text, ASCII letters in lower case. */
function codePoints(text) {
  const out = [];
  for (const ch of text) {
    const c = ch.codePointAt(0);
    out.push(c >= 65 && c <= 90 ? c + 32 : c);
  }
  return out;
}

/** Sets in `halves` (sixteen 32-bit halves of the eight words) the bits of the trigrams of `text`. */
function addText(halves, text) {
  if (!text) return;
  const cp = codePoints(text);
  for (let i = 0; i + 2 < cp.length; i++) {
    const bit = bitOf(cp[i], cp[i + 1], cp[i + 2]);
    halves[bit >>> 5] |= 1 << (bit & 31);
  }
}

/** Word `k` of the halves, as SQLite's signed 64-bit integer. */
const word = (halves, k) =>
  BigInt.asIntN(64, (BigInt(halves[2 * k + 1] >>> 0) << 32n) | BigInt(halves[2 * k] >>> 0));

/**
 * The bits a text term sets, by word: every job containing the term (as SQLite's LIKE finds it) has them
 * all. Empty for a term of fewer than three code points, which sets none.
 */
export function termSignature(text) {
  const halves = new Int32Array(2 * SIGNATURE_WORDS);
  addText(halves, text);
  const out = [];
  for (let k = 0; k < SIGNATURE_WORDS; k++) {
    const w = word(halves, k);
    if (w !== 0n) out.push({ word: k, mask: w });
  }
  return out;
}

/**
 * Registers `job_text_signature(title, spa_name, description, k)`, word `k` of a job's signature, on a
 * connection. Every connection that writes jobs needs it (the indexes hold it), and so does any that
 * checks their integrity; reads take it from the indexes' entries. An index entry asks for its eight
 * words one after another, so the last job's signature is kept.
 */
export function registerTextSignature(db) {
  let last = { title: undefined, spaName: undefined, description: undefined, halves: undefined };
  db.function('job_text_signature', { deterministic: true }, (title, spaName, description, k) => {
    if (last.title !== title || last.spaName !== spaName || last.description !== description) {
      const halves = new Int32Array(2 * SIGNATURE_WORDS);
      addText(halves, title);
      addText(halves, spaName);
      addText(halves, description);
      last = { title, spaName, description, halves };
    }
    return word(last.halves, Number(k));
  });
}

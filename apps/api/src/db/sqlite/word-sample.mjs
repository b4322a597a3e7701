// The words a sample of open jobs holds, and the share of the sample holding each (SQLite): what
// PostgreSQL's ANALYZE keeps for the jobs' text (decision 35), for showing a search past the cap without
// counting it (decision 61). An aggregate, so that the words are cut and counted on the read thread that
// runs the sample's statement, never on the event loop.
// Words are cut as the word index cuts them (letters, digits, combining marks). Only ASCII letters are
// lower-cased, as SQLite's LIKE folds them: a word of the sample is a piece of the job's text, so a job
// holding a word that contains a term (ASCII, or of a script without case) contains the term.

/** Words held by fewer than this share of the sample are left out: no count could reach the cap by them. */
const MIN_SHARE = 0.005;

/** At most this many words of each kind, the commonest. */
const KEPT = 2000;

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** ASCII letters in lower case, every other character as it is. */
function foldAscii(text) {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

function words(text, into) {
  if (text) for (const w of foldAscii(text).match(WORD) ?? []) into.add(w);
}

function add(counts, key) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The commonest keys, as [key, share of the sample] pairs, commonest first. */
function shares(counts, jobs) {
  const least = Math.max(1, Math.ceil(jobs * MIN_SHARE));
  return [...counts]
    .filter(([, n]) => n >= least)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, KEPT)
    .map(([w, n]) => [w, n / jobs]);
}

/**
 * Registers `job_word_sample(title, spa_name, description)` on a connection: over the rows it is given,
 * a JSON object `{ jobs, search, title, titles }`: how many jobs it read, and for the words of the whole
 * text (title, spa name, description), the words of the title and the whole titles, each lower-cased as
 * above, the share of those jobs holding each.
 */
export function registerWordSample(db) {
  db.aggregate('job_word_sample', {
    start: () => ({ jobs: 0, search: new Map(), title: new Map(), titles: new Map() }),
    step(s, title, spaName, description) {
      s.jobs++;
      const inTitle = new Set();
      words(title, inTitle);
      const all = new Set(inTitle);
      words(spaName, all);
      words(description, all);
      for (const w of inTitle) add(s.title, w);
      for (const w of all) add(s.search, w);
      if (title) add(s.titles, foldAscii(title));
      return s;
    },
    result: (s) =>
      JSON.stringify({
        jobs: s.jobs,
        search: shares(s.search, s.jobs),
        title: shares(s.title, s.jobs),
        titles: shares(s.titles, s.jobs),
      }),
  });
}

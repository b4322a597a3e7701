import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { likePattern } from '../text-search.ts';
import { registerTextSignature, SIGNATURE_WORDS, termSignature } from './text-signature.mjs';

/**
 * A job's text signature (decision 58) may only leave a job that cannot contain a term: every job that
 * SQLite's LIKE finds a term in has all of the term's bits. A job that lacks the term mostly lacks a bit.
 */
describe('text signatures', () => {
  const db = new SQLite(':memory:');
  registerTextSignature(db);
  afterAll(() => db.close());

  /** The job's signature words, as the indexes hold them, computed by the registered function. */
  const words = (title: string, spaName: string, description: string): bigint[] => {
    const columns = Array.from(
      { length: SIGNATURE_WORDS },
      (_, k) => `job_text_signature(:title, :spaName, :description, ${k}) as w${k}`,
    );
    const row = db
      .prepare(`select ${columns.join(', ')}`)
      .safeIntegers(true)
      .get({ title, spaName, description }) as Record<string, bigint>;
    return Array.from({ length: SIGNATURE_WORDS }, (_, k) => row[`w${k}`]!);
  };
  const holds = (job: bigint[], term: string) =>
    termSignature(term).every(({ word, mask }) => (job[word]! & mask) === mask);
  const likes = (text: string, term: string) =>
    (
      db.prepare(`select :text like :pattern escape '\\' as m`).get({ text, pattern: likePattern(term) }) as {
        m: number;
      }
    ).m === 1;

  // A fixed generator, so that a failure is the same every run.
  let state = 12345;
  const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const flipCase = (s: string) =>
    s.replace(/[a-z]/gi, (c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase()));

  const jobs: [string, string, string][] = [
    [
      'Senior Spa Therapist',
      'Lotus Wellness Spa',
      'Swedish and deep tissue massage; 2+ years. Guests first.',
    ],
    ['स्पा थेरेपिस्ट', 'आयुर्वेद केंद्र', 'मसाज और पंचकर्म का अनुभव, 100% उपस्थिति_ज़रूरी'],
    ['Front desk (Reception)', 'Café Élan Spa', 'Bookings, 50%_off offers, C:\\ drive notes, naïve résumé.'],
    ['Nail technician', 'Glow & Go', 'Gel, acrylic and nail art. Weekends on rotation.'],
  ];

  it('every term that LIKE finds in a job has all its bits in the job’s signature', () => {
    let checked = 0;
    for (const [title, spaName, description] of jobs) {
      const job = words(title, spaName, description);
      for (const text of [title, spaName, description]) {
        const chars = Array.from(text);
        for (let i = 0; i < 40; i++) {
          const at = Math.floor(random() * chars.length);
          const term = flipCase(chars.slice(at, at + 3 + Math.floor(random() * 10)).join(''));
          if (Array.from(term).length < 3) continue;
          expect(likes(text, term), `${term} in ${text}`).toBe(true);
          expect(holds(job, term), `${term} in ${text}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('a term of fewer than three characters sets no bit, and one the job lacks mostly fails', () => {
    expect(termSignature('ab')).toEqual([]);
    expect(termSignature('स्')).toEqual([]);
    const job = words(...jobs[0]!);
    let left = 0;
    const tries = 400;
    for (let i = 0; i < tries; i++) {
      const term = Array.from({ length: 6 }, () => 'bcdfghjkqvwxz'[Math.floor(random() * 13)]).join('');
      if (!holds(job, term)) left++;
    }
    // A third of the bits set, a term of four trigrams: about one in a hundred passes by chance.
    expect(left / tries).toBeGreaterThan(0.9);
    // Letters other than ASCII keep their case, as LIKE keeps it: only the same case is held for sure.
    const cafe = words(...jobs[2]!);
    expect(likes('Café Élan Spa', 'CAFé É')).toBe(true);
    expect(holds(cafe, 'CAFé É')).toBe(true);
    expect(likes('Café Élan Spa', 'CAFÉ')).toBe(false);
  });
});

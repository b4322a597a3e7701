import type { AlertQuery } from '@spajobs/contract/alert';
import { boundingBox, distanceKm } from './geo.ts';

/** What matching needs of a job; the repository's candidate rows have it. */
export interface MatchableJob {
  id: number;
  title: string;
  category: string;
  city: string;
  state: string;
  description: string;
  spaName: string;
  lat: number;
  lng: number;
  salaryMin: number | null;
  experienceMin: number | null;
  postedAt: number;
}

export interface AlertMatch<J> {
  /** The newest matches, at most `limit`. */
  jobs: J[];
  /** How many matched in all (counted up to `countCap`). */
  total: number;
}

/** Grid cells of one degree, for searches near a place. */
const cellOf = (lat: number, lng: number) => `${Math.floor(lat)}:${Math.floor(lng)}`;

/** Words of a keyword search, as the jobs page splits them: on spaces, without repeats, at most five. */
function keywordWords(q: string): string[] {
  const seen = new Set<string>();
  for (const w of q.trim().split(/\s+/)) if (w) seen.add(w.toLowerCase());
  return [...seen].slice(0, 5);
}

/**
 * The jobs new since the oldest due alert's mark, indexed for matching many
 * saved searches against them at once: by city, state, category and grid
 * cell, each list newest first, so an alert reads only the jobs its most
 * selective filter leaves and stops at its own high-water mark. The filters
 * mean what they mean on the jobs page (JobRepository.search): exact city,
 * state and category; every keyword word in the title, the description or
 * the spa's name (case-insensitive); the spa within the radius; the lowest
 * salary at least the minimum; the experience asked for at most the
 * candidate's (or not said). A word's matches are worked out once per run.
 */
export class NewJobIndex<J extends MatchableJob> {
  private readonly all: number[];
  private readonly byCity = new Map<string, number[]>();
  private readonly byState = new Map<string, number[]>();
  private readonly byCategory = new Map<string, number[]>();
  private readonly byCell = new Map<string, number[]>();
  private readonly lower: { title: string; text: string; spa: string }[];
  private readonly wordHits = new Map<string, Uint8Array>();

  /** `jobs` newest first (posted_at, id descending). */
  constructor(readonly jobs: J[]) {
    this.all = jobs.map((_, i) => i);
    const add = (m: Map<string, number[]>, k: string, i: number) => {
      const list = m.get(k);
      if (list) list.push(i);
      else m.set(k, [i]);
    };
    jobs.forEach((j, i) => {
      add(this.byCity, j.city, i);
      add(this.byState, j.state, i);
      add(this.byCategory, j.category, i);
      add(this.byCell, cellOf(j.lat, j.lng), i);
    });
    this.lower = jobs.map((j) => ({
      title: j.title.toLowerCase(),
      spa: j.spaName.toLowerCase(),
      text: `${j.title}\n${j.description}\n${j.spaName}`.toLowerCase(),
    }));
  }

  get size(): number {
    return this.jobs.length;
  }

  private hits(kind: 'title' | 'spa' | 'word', text: string): Uint8Array {
    const key = `${kind}\u0000${text}`;
    let hit = this.wordHits.get(key);
    if (!hit) {
      hit = new Uint8Array(this.jobs.length);
      for (let i = 0; i < this.lower.length; i++) {
        const l = this.lower[i]!;
        if ((kind === 'title' ? l.title : kind === 'spa' ? l.spa : l.text).includes(text)) hit[i] = 1;
      }
      // A run sees a bounded number of distinct words; past that, stop remembering.
      if (this.wordHits.size < 20_000) this.wordHits.set(key, hit);
    }
    return hit;
  }

  /** Jobs posted after `after` that match the search, newest first. */
  match(q: AlertQuery, after: number, limit: number, countCap = 100): AlertMatch<J> {
    const near =
      q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng, km: q.radius ?? 10 } : null;
    // The jobs of the filter that leaves fewest (every filter is tested on each of them below).
    const lists: number[][] = [];
    if (q.city) lists.push(this.byCity.get(q.city) ?? []);
    else if (near) {
      const box = boundingBox(near.lat, near.lng, near.km);
      const found: number[] = [];
      for (let a = Math.floor(box.minLat); a <= Math.floor(box.maxLat); a++) {
        for (let b = Math.floor(box.minLng); b <= Math.floor(box.maxLng); b++) {
          const list = this.byCell.get(`${a}:${b}`);
          if (list) for (const i of list) found.push(i);
        }
      }
      lists.push(found.sort((x, y) => x - y));
    }
    if (q.category) lists.push(this.byCategory.get(q.category) ?? []);
    if (q.state) lists.push(this.byState.get(q.state) ?? []);
    const candidates = lists.reduce((a, b) => (b.length < a.length ? b : a), this.all);

    const terms: Uint8Array[] = [];
    if (q.title) terms.push(this.hits('title', q.title.toLowerCase()));
    if (q.spa) terms.push(this.hits('spa', q.spa.toLowerCase()));
    if (q.q) for (const w of keywordWords(q.q)) terms.push(this.hits('word', w));

    const jobs: J[] = [];
    let total = 0;
    for (const i of candidates) {
      const j = this.jobs[i]!;
      // Newest first: the rest are older than the mark.
      if (j.postedAt <= after) break;
      if (q.city && j.city !== q.city) continue;
      if (q.state && j.state !== q.state) continue;
      if (q.category && j.category !== q.category) continue;
      if (q.salaryMin !== undefined && q.salaryMin > 0 && (j.salaryMin === null || j.salaryMin < q.salaryMin))
        continue;
      if (q.experience !== undefined && j.experienceMin !== null && j.experienceMin > q.experience) continue;
      if (terms.some((t) => t[i] !== 1)) continue;
      if (near && distanceKm(near.lat, near.lng, j.lat, j.lng) > near.km) continue;
      if (jobs.length < limit) jobs.push(j);
      if (++total >= countCap) break;
    }
    return { jobs, total };
  }
}

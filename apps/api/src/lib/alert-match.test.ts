import type { AlertQuery } from '@spajobs/contract/alert';
import { describe, expect, it } from 'vitest';
import { NewJobIndex, type MatchableJob } from './alert-match.ts';
import { distanceKm } from './geo.ts';

// Matching reads the jobs of the filter that leaves fewest and tests every filter on each; whichever
// list it starts from, the digest must be what testing every new job against the search gives.
const CITIES = [
  { city: 'Mumbai', state: 'Maharashtra', lat: 19.07, lng: 72.87 },
  { city: 'Pune', state: 'Maharashtra', lat: 18.52, lng: 73.85 },
  { city: 'Nagpur', state: 'Maharashtra', lat: 21.14, lng: 79.08 },
  { city: 'Bengaluru', state: 'Karnataka', lat: 12.97, lng: 77.59 },
  { city: 'Mysuru', state: 'Karnataka', lat: 12.29, lng: 76.64 },
  { city: 'Kochi', state: 'Kerala', lat: 9.93, lng: 76.26 },
];
const CATEGORIES = ['Therapist', 'Ayurveda', 'Management', 'Front Desk', 'Beauty'];
const TITLES = ['Thai Massage Therapist', 'Spa Manager', 'Receptionist', 'Ayurveda Therapist', 'Beautician'];

/** A small random generator with a seed, so that a failure can be seen again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function jobs(n: number, rnd: () => number): MatchableJob[] {
  const out: MatchableJob[] = [];
  for (let i = 0; i < n; i++) {
    // Most jobs in one state and one category, so that the filters' lists differ much in length.
    const c = rnd() < 0.6 ? CITIES[Math.floor(rnd() * 3)]! : CITIES[Math.floor(rnd() * CITIES.length)]!;
    const category = rnd() < 0.6 ? 'Therapist' : CATEGORIES[Math.floor(rnd() * CATEGORIES.length)]!;
    out.push({
      id: i + 1,
      title: TITLES[Math.floor(rnd() * TITLES.length)]!,
      category,
      city: c.city,
      state: c.state,
      description: rnd() < 0.3 ? 'Experience with deep tissue massage' : 'Friendly team, good pay',
      spaName: rnd() < 0.5 ? 'Lotus Spa' : 'Kairali Wellness',
      lat: c.lat + (rnd() - 0.5) * 0.4,
      lng: c.lng + (rnd() - 0.5) * 0.4,
      salaryMin: rnd() < 0.2 ? null : 10_000 + Math.floor(rnd() * 30) * 1000,
      experienceMin: rnd() < 0.3 ? null : Math.floor(rnd() * 5),
      postedAt: 1_000_000 - i * 10,
    });
  }
  return out; // newest first
}

function query(rnd: () => number): AlertQuery {
  const q: Record<string, unknown> = {};
  const c = CITIES[Math.floor(rnd() * CITIES.length)]!;
  const where = rnd();
  if (where < 0.25) q.city = c.city;
  else if (where < 0.5) q.state = c.state;
  else if (where < 0.7)
    Object.assign(q, { lat: c.lat, lng: c.lng, radius: [5, 10, 25][Math.floor(rnd() * 3)] });
  if (rnd() < 0.5) q.category = CATEGORIES[Math.floor(rnd() * CATEGORIES.length)];
  if (rnd() < 0.3) q.salaryMin = 15_000 + Math.floor(rnd() * 4) * 5000;
  if (rnd() < 0.2) q.experience = Math.floor(rnd() * 4);
  if (rnd() < 0.2) q.q = ['massage', 'therapist spa', 'lotus'][Math.floor(rnd() * 3)];
  if (rnd() < 0.1) q.title = 'manager';
  return q as AlertQuery;
}

/** Every new job tested against the search, as the jobs page means its filters. */
function expected(all: MatchableJob[], q: AlertQuery, after: number): MatchableJob[] {
  return all.filter((j) => {
    if (j.postedAt <= after) return false;
    if (q.city && j.city !== q.city) return false;
    if (q.state && j.state !== q.state) return false;
    if (q.category && j.category !== q.category) return false;
    if (q.salaryMin && (j.salaryMin === null || j.salaryMin < q.salaryMin)) return false;
    if (q.experience !== undefined && j.experienceMin !== null && j.experienceMin > q.experience)
      return false;
    if (q.title && !j.title.toLowerCase().includes(q.title.toLowerCase())) return false;
    const text = `${j.title}\n${j.description}\n${j.spaName}`.toLowerCase();
    if (q.q && !q.q.split(/\s+/).every((w) => text.includes(w.toLowerCase()))) return false;
    if (
      q.lat !== undefined &&
      q.lng !== undefined &&
      distanceKm(q.lat, q.lng, j.lat, j.lng) > (q.radius ?? 10)
    )
      return false;
    return true;
  });
}

describe('matching saved searches against the new jobs', () => {
  it('gives every search the newest matches and their number, whichever filter leaves fewest', () => {
    const rnd = random(20261128);
    const all = jobs(2000, rnd);
    const index = new NewJobIndex(all);
    let withMatches = 0;
    for (let n = 0; n < 400; n++) {
      const q = query(rnd);
      const after = rnd() < 0.5 ? 0 : all[Math.floor(rnd() * all.length)]!.postedAt;
      const want = expected(all, q, after);
      const got = index.match(q, after, 10, 100);
      expect(
        got.jobs.map((j) => j.id),
        JSON.stringify(q),
      ).toEqual(want.slice(0, 10).map((j) => j.id));
      expect(got.total, JSON.stringify(q)).toBe(Math.min(want.length, 100));
      if (want.length) withMatches++;
    }
    // The searches were not all empty ones.
    expect(withMatches).toBeGreaterThan(100);
  });

  it('a state and a category together: the jobs of both, not of either', () => {
    const all = jobs(500, random(7));
    const index = new NewJobIndex(all);
    const q = { state: 'Kerala', category: 'Therapist' } as AlertQuery;
    const got = index.match(q, 0, 10, 1000);
    const want = all.filter((j) => j.state === 'Kerala' && j.category === 'Therapist');
    expect(want.length).toBeGreaterThan(0);
    expect(got.total).toBe(want.length);
    expect(got.jobs.every((j) => j.state === 'Kerala' && j.category === 'Therapist')).toBe(true);
  });
});

import { jobNumbers } from '../src/lib/job-numbers.ts';
import type { Db } from '../src/db/database.ts';
import type { NewJob, NewSpa } from '../src/db/schema.ts';
import type { AlertRepository } from '../src/repositories/alert-repository.ts';

let n = 0;

/** Inserts one spa with sensible defaults; returns its id. */
export async function insertSpa({ db }: Db, over: Partial<NewSpa> = {}): Promise<number> {
  n++;
  const row = await db
    .insertInto('spas')
    .values({
      name: `Test Spa ${n}`,
      category: 'Spa & Massage',
      city: 'New Delhi',
      state: 'Delhi',
      full_address: `${n} Test Road, New Delhi, Delhi 110001`,
      latitude: 28.6129,
      longitude: 77.2295,
      gallery_images: '[]',
      rating: 4.2,
      reviews_count: 10,
      created_at: Date.now(),
      ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A place `km` from `at`, in the direction of the `turn`th step of 137.5° (spas placed at successive turns
 * spread around the point instead of lining up).
 */
export function placeAround(at: { lat: number; lng: number }, km: number, turn: number) {
  const angle = (turn * 137.5 * Math.PI) / 180;
  return {
    lat: at.lat + (km / 111.2) * Math.cos(angle),
    lng: at.lng + ((km / 111.2) * Math.sin(angle)) / Math.cos((at.lat * Math.PI) / 180),
  };
}

/** One job at a spa with sensible defaults, to insert (alone or with others in one statement). */
export function newJob(spaId: number, over: Partial<NewJob> = {}): NewJob {
  n++;
  const salary = over.salary ?? '₹20,000 - ₹30,000 per month';
  const experience = over.experience ?? '1-3 years';
  return {
    ...jobNumbers(salary, experience),
    spa_id: spaId,
    title: `Spa Therapist ${n}`,
    salary: '₹20,000 - ₹30,000 per month',
    experience: '1-3 years',
    category: 'Therapist',
    city: 'New Delhi',
    state: 'Delhi',
    location: 'Connaught Place, New Delhi',
    description: 'Look after guests.',
    requirements: 'Certificate course',
    posted_at: Date.now(),
    created_at: Date.now(),
    ...over,
  };
}

/** Inserts one job at a spa with sensible defaults; returns its id. */
export async function insertJob({ db }: Db, spaId: number, over: Partial<NewJob> = {}): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values(newJob(spaId, over))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A daily alert for a city's jobs whose address is confirmed: active at once, with no token to
 * confirm. It falls due on the repository's own schedule; returns its id.
 */
export async function insertConfirmedAlert(
  { db }: Db,
  alerts: AlertRepository,
  email: string,
  city: string,
  now = Date.now(),
): Promise<number> {
  await db.insertInto('alert_addresses').values({ email, confirmed_at: now }).execute();
  const r = await alerts.create({
    email,
    userId: null,
    query: { city },
    queryKey: city.toLowerCase(),
    frequency: 'daily',
    language: 'en',
    tokenHash: null,
    tokenExpiresAt: null,
  });
  if (!r.ok) throw new Error(`the alert for ${email} was not created`);
  return Number(r.row.id);
}

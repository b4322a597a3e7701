import { jobNumbers } from '../lib/job-numbers.ts';
import type { NewJob, NewSpa } from '../db/schema.ts';
import { DEMO_CITIES, type DemoCity } from './cities.ts';
import { Random } from './random.ts';

export const SPA_CATEGORIES = [
  'Spa & Massage',
  'Ayurveda',
  'Thai Spa',
  'Salon & Spa',
  'Wellness Centre',
  'Day Spa',
  'Luxury Hotel Spa',
] as const;

const NAME_FIRST = [
  'Serene',
  'Lotus',
  'Tranquil',
  'Blossom',
  'Zen',
  'Sukoon',
  'Aroma',
  'Nirvana',
  'Orchid',
  'Jasmine',
  'Amara',
  'Bliss',
  'Tulsi',
  'Shanti',
  'Moksha',
  'Veda',
  'Prana',
  'Sattva',
  'Kairos',
  'Ananda',
  'Mystic',
  'Royal',
  'Golden Leaf',
  'Silk Route',
  'Bodhi',
];
const NAME_BY_CATEGORY: Record<string, string[]> = {
  'Spa & Massage': ['Spa', 'Massage Spa', 'Body Spa', 'Spa Lounge'],
  Ayurveda: ['Ayurveda', 'Ayurveda Centre', 'Kerala Ayurveda', 'Panchakarma Centre'],
  'Thai Spa': ['Thai Spa', 'Thai Wellness', 'Thai Massage Studio'],
  'Salon & Spa': ['Salon & Spa', 'Unisex Salon & Spa', 'Beauty Studio'],
  'Wellness Centre': ['Wellness', 'Wellness Centre', 'Healing Retreat'],
  'Day Spa': ['Day Spa', 'Urban Day Spa'],
  'Luxury Hotel Spa': ['Hotel Spa', 'Resort Spa', 'Luxury Spa'],
};

interface JobTemplate {
  title: string;
  category: string;
  min: number;
  max: number;
  experience: string[];
  gender: string[];
}

const JOB_TEMPLATES: JobTemplate[] = [
  {
    title: 'Spa Therapist',
    category: 'Therapist',
    min: 15000,
    max: 30000,
    experience: ['Fresher', '0-1 years', '1-3 years'],
    gender: ['Female', 'Any'],
  },
  {
    title: 'Massage Therapist',
    category: 'Therapist',
    min: 15000,
    max: 35000,
    experience: ['1-3 years', '3-5 years'],
    gender: ['Male', 'Female', 'Any'],
  },
  {
    title: 'Thai Therapist',
    category: 'Therapist',
    min: 25000,
    max: 50000,
    experience: ['1-3 years', '3-5 years', '5+ years'],
    gender: ['Female'],
  },
  {
    title: 'Balinese Therapist',
    category: 'Therapist',
    min: 25000,
    max: 45000,
    experience: ['1-3 years', '3-5 years'],
    gender: ['Female', 'Any'],
  },
  {
    title: 'Ayurvedic Therapist',
    category: 'Ayurveda',
    min: 16000,
    max: 32000,
    experience: ['Fresher', '1-3 years', '3-5 years'],
    gender: ['Male', 'Female'],
  },
  {
    title: 'Panchakarma Therapist',
    category: 'Ayurveda',
    min: 18000,
    max: 35000,
    experience: ['1-3 years', '3-5 years'],
    gender: ['Male', 'Female'],
  },
  {
    title: 'Reflexologist',
    category: 'Therapist',
    min: 18000,
    max: 30000,
    experience: ['1-3 years'],
    gender: ['Any'],
  },
  {
    title: 'Spa Manager',
    category: 'Management',
    min: 35000,
    max: 75000,
    experience: ['3-5 years', '5+ years'],
    gender: ['Any'],
  },
  {
    title: 'Assistant Spa Manager',
    category: 'Management',
    min: 25000,
    max: 45000,
    experience: ['2-4 years', '3-5 years'],
    gender: ['Any'],
  },
  {
    title: 'Spa Supervisor',
    category: 'Management',
    min: 22000,
    max: 38000,
    experience: ['2-4 years'],
    gender: ['Any'],
  },
  {
    title: 'Spa Receptionist',
    category: 'Front Desk',
    min: 12000,
    max: 22000,
    experience: ['Fresher', '0-1 years', '1-3 years'],
    gender: ['Female', 'Any'],
  },
  {
    title: 'Front Office Executive',
    category: 'Front Desk',
    min: 14000,
    max: 25000,
    experience: ['0-1 years', '1-3 years'],
    gender: ['Any'],
  },
  {
    title: 'Beautician',
    category: 'Beauty & Salon',
    min: 12000,
    max: 28000,
    experience: ['Fresher', '1-3 years', '3-5 years'],
    gender: ['Female'],
  },
  {
    title: 'Hair Stylist',
    category: 'Beauty & Salon',
    min: 15000,
    max: 40000,
    experience: ['1-3 years', '3-5 years'],
    gender: ['Male', 'Female', 'Any'],
  },
  {
    title: 'Nail Technician',
    category: 'Beauty & Salon',
    min: 12000,
    max: 25000,
    experience: ['0-1 years', '1-3 years'],
    gender: ['Female', 'Any'],
  },
  {
    title: 'Makeup Artist',
    category: 'Beauty & Salon',
    min: 18000,
    max: 45000,
    experience: ['1-3 years', '3-5 years'],
    gender: ['Female', 'Any'],
  },
  {
    title: 'Yoga Instructor',
    category: 'Wellness',
    min: 20000,
    max: 45000,
    experience: ['1-3 years', '3-5 years'],
    gender: ['Any'],
  },
  {
    title: 'Wellness Consultant',
    category: 'Wellness',
    min: 22000,
    max: 40000,
    experience: ['1-3 years', '3-5 years'],
    gender: ['Any'],
  },
  {
    title: 'Spa Attendant',
    category: 'Support',
    min: 10000,
    max: 16000,
    experience: ['Fresher', '0-1 years'],
    gender: ['Male', 'Female', 'Any'],
  },
  {
    title: 'Housekeeping Attendant',
    category: 'Support',
    min: 10000,
    max: 15000,
    experience: ['Fresher', '0-1 years'],
    gender: ['Any'],
  },
];

const OPENING = ['9:00 AM', '10:00 AM', '10:30 AM', '11:00 AM'];
const CLOSING = ['8:00 PM', '9:00 PM', '9:30 PM', '10:00 PM'];
const PERKS = [
  'free accommodation',
  'meals on duty',
  'monthly incentives',
  'paid leave',
  'ESI and PF',
  'tips kept by the therapist',
  'weekly off',
  'training by senior therapists',
];

const DAY = 86_400_000;
/** Indian digit grouping: 1,00,000 and 25,000. */
export function formatRupees(n: number): string {
  const s = String(Math.round(n));
  if (s.length <= 3) return `₹${s}`;
  const last3 = s.slice(-3);
  const rest = s.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `₹${rest},${last3}`;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export interface GeneratedSpa {
  spa: NewSpa;
  jobCount: number;
}

export interface GeneratorOptions {
  spas: number;
  jobs: number;
  seed?: number;
  /** The moment "now" for posted dates; fixed in tests. */
  now?: number;
}

export function* generateSpas(opts: GeneratorOptions): Generator<GeneratedSpa> {
  const rnd = new Random(opts.seed ?? 42);
  const now = opts.now ?? Date.now();
  const total = DEMO_CITIES.reduce((s, c) => s + c.weight, 0);
  const avg = opts.spas ? opts.jobs / opts.spas : 0;
  let assigned = 0;
  for (let i = 0; i < opts.spas; i++) {
    const city = rnd.weighted(DEMO_CITIES, total);
    // Jobs per spa vary around the average, while the running total stays
    // within two spas' worth of its even share; the last spa takes what is left.
    const target = Math.round(((i + 1) * opts.jobs) / opts.spas);
    let jobCount = rnd.chance(0.05) ? 0 : Math.round(avg * (0.25 + rnd.next() * 1.5));
    const slack = Math.ceil(2 * avg);
    if (assigned + jobCount > target + slack) jobCount = Math.max(0, target + slack - assigned);
    if (assigned + jobCount < target - slack) jobCount = target - slack - assigned;
    jobCount = Math.min(jobCount, opts.jobs - assigned);
    if (i === opts.spas - 1) jobCount = opts.jobs - assigned;
    assigned += jobCount;
    yield { spa: makeSpa(rnd, city, i, now), jobCount };
  }
}

function makeSpa(rnd: Random, city: DemoCity, index: number, now: number): NewSpa {
  const category = rnd.pick(SPA_CATEGORIES);
  const locality = rnd.pick(city.localities);
  const name = `${rnd.pick(NAME_FIRST)} ${rnd.pick(NAME_BY_CATEGORY[category]!)}`;
  const kmNorth = rnd.normal() * city.spreadKm;
  const kmEast = rnd.normal() * city.spreadKm;
  const lat = city.lat + kmNorth / 111.2;
  const lng = city.lng + kmEast / (111.2 * Math.cos((city.lat * Math.PI) / 180));
  const pincode = String(city.pincode + rnd.int(0, 60));
  const line = `${rnd.pick(['Shop', 'Unit', 'Plot', 'Floor'])} ${rnd.int(1, 120)}, ${rnd.pick(['Sunrise', 'Orchid', 'Palm', 'Emerald', 'Silver Oak', 'Lakeview'])} ${rnd.pick(['Plaza', 'Towers', 'Complex', 'Arcade', 'Heights'])}, ${locality}`;
  const s = `${slug(name)}-${slug(locality)}-${index + 1}`;
  const images = rnd.int(3, 6);
  const gallery = Array.from(
    { length: images },
    (_, k) => `/api/v1/media/gallery/${(index * 7 + k) % 997}.svg`,
  );
  const withWebsite = rnd.chance(0.7);
  return {
    external_id: `demo-spa-${index + 1}`,
    name: `${name}, ${locality}`,
    business_name: `${name} Wellness Pvt. Ltd.`,
    category,
    logo: rnd.chance(0.85) ? `/api/v1/media/logo/${index % 4999}.svg` : null,
    website: withWebsite ? `https://${s}.example.in` : null,
    phone: rnd.phone(),
    email: `hello@${s}.example.in`,
    address_line: line,
    district: city.district,
    city: city.city,
    state: city.state,
    pincode,
    full_address: `${line}, ${city.city}, ${city.state} ${pincode}`,
    latitude: Math.round(lat * 1e6) / 1e6,
    longitude: Math.round(lng * 1e6) / 1e6,
    map_link: `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(6)},${lng.toFixed(6)}`,
    google_map: null,
    gallery_images: JSON.stringify(gallery),
    opening_hours: rnd.pick(OPENING),
    closing_hours: rnd.pick(CLOSING),
    rating: Math.round((3.4 + rnd.next() * 1.6) * 10) / 10,
    reviews_count: rnd.int(3, 900),
    created_at: now - rnd.int(100, 900) * DAY,
  };
}

export function makeJobs(
  rnd: Random,
  spaId: number,
  spa: NewSpa,
  count: number,
  now: number,
  externalPrefix: string,
): NewJob[] {
  const jobs: NewJob[] = [];
  const locality = spa.address_line?.split(', ').pop() ?? spa.city;
  for (let k = 0; k < count; k++) {
    const t = rnd.pick(JOB_TEMPLATES);
    const low = Math.round((t.min + rnd.next() * (t.max - t.min) * 0.4) / 500) * 500;
    const high = Math.round((low + (t.max - t.min) * (0.3 + rnd.next() * 0.4)) / 500) * 500;
    const gender = rnd.pick(t.gender);
    const experience = rnd.pick(t.experience);
    const perks = [rnd.pick(PERKS), rnd.pick(PERKS)].filter((p, i, a) => a.indexOf(p) === i);
    const posted = now - Math.floor(rnd.next() * 90 * DAY);
    const hr = rnd.phone();
    const salary = `${formatRupees(low)} - ${formatRupees(high)} per month`;
    jobs.push({
      external_id: `${externalPrefix}-${k + 1}`,
      spa_id: spaId,
      title:
        gender === 'Female' && t.category === 'Therapist' && rnd.chance(0.3) ? `Female ${t.title}` : t.title,
      salary,
      experience,
      ...jobNumbers(salary, experience),
      category: t.category,
      city: spa.city,
      state: spa.state,
      location: `${locality}, ${spa.city}`,
      vacancies: rnd.int(1, 5),
      gender,
      description: `${spa.name.split(',')[0]} is hiring ${withArticle(t.title.toLowerCase())} for our ${spa.category.toLowerCase()} in ${locality}, ${spa.city}. You will look after guests from welcome to farewell, keep treatment rooms spotless and follow our hygiene standards. We offer ${perks.join(' and ')}.`,
      requirements: [
        experience === 'Fresher'
          ? 'Freshers with a certificate course are welcome'
          : `${experience} of experience in a spa or salon`,
        t.category === 'Therapist' || t.category === 'Ayurveda'
          ? 'Knowledge of Swedish, deep tissue or Ayurvedic techniques'
          : 'Good communication in Hindi and English',
        'Well groomed, punctual and guest focused',
        'Willing to work weekends and rotational shifts',
      ].join('\n'),
      hr_phone: hr,
      hr_whatsapp: rnd.chance(0.8) ? hr : rnd.phone(),
      posted_at: posted,
      expires_at: rnd.chance(0.2) ? posted + 150 * DAY : null,
      is_active: rnd.chance(0.97) ? 1 : 0,
      created_at: posted,
    });
  }
  return jobs;
}

/** "a therapist", "an assistant", "an Ayurveda therapist": the article English needs before a word. */
export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

import { z } from 'zod';
import './validation-messages.ts';
import { JOB_GENDERS } from './job.ts';

const text = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optional = (max: number) =>
  z
    .string()
    .nullish()
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : null))
    .refine((v) => v === null || v.length <= max, `must be at most ${max} characters`);
const num = (min: number, max: number, what: string) =>
  z
    .union([z.number(), z.string().trim().min(1, 'is required')])
    .transform((v) => Number(v))
    .pipe(z.number({ error: 'must be a number' }).min(min, `must be ${what}`).max(max, `must be ${what}`));
/** An empty CSV cell or a JSON null means "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const externalId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, 'is required').max(100, 'must be at most 100 characters'));
const dateMs = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === 'number' ? v : Date.parse(v)))
  .refine((v) => Number.isFinite(v), 'must be a date (YYYY-MM-DD or ISO 8601)');

/** One spa in an import file (JSON object or CSV row). Keyed by its stable externalId. */
export const importSpaRow = z.object({
  externalId,
  name: text(200),
  businessName: optional(200),
  category: optional(100).transform((v) => v ?? 'Spa & Massage'),
  logo: optional(500),
  website: optional(500),
  phone: optional(20),
  email: optional(254),
  addressLine: optional(300),
  district: optional(100),
  city: text(100),
  state: text(100),
  pincode: optional(10),
  fullAddress: optional(500),
  latitude: num(-90, 90, 'between -90 and 90'),
  longitude: num(-180, 180, 'between -180 and 180'),
  mapLink: optional(1000),
  googleMap: optional(1000),
  /** A list, or URLs separated by "|" in CSV. */
  galleryImages: z
    .union([z.array(z.string()), z.string(), z.null()])
    .optional()
    .transform((v) => (Array.isArray(v) ? v : (v ?? '').split('|')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(500)).max(30, 'at most 30 images')),
  openingHours: optional(20),
  closingHours: optional(20),
  rating: z
    .preprocess(blank, num(0, 5, 'between 0 and 5').optional())
    .transform((v) => (typeof v === 'number' ? v : 0)),
  reviews: z
    .preprocess(blank, num(0, 10_000_000, 'zero or more').optional())
    .transform((v) => (typeof v === 'number' ? Math.round(v) : 0)),
});
export type ImportSpaRow = z.output<typeof importSpaRow>;

/** One job in an import file, pointing at its spa by the spa's externalId. */
export const importJobRow = z.object({
  externalId,
  spaExternalId: externalId,
  title: text(200),
  salary: text(100),
  experience: text(100),
  category: text(100),
  city: optional(100),
  state: optional(100),
  location: optional(200),
  vacancies: z
    .preprocess(blank, num(0, 10_000, 'zero or more').optional())
    .transform((v) => (typeof v === 'number' ? Math.round(v) : 1)),
  gender: z
    .preprocess(blank, z.enum(JOB_GENDERS, { error: 'must be Male, Female or Any' }).optional())
    .transform((v) => v ?? 'Any'),
  description: text(5000),
  requirements: text(5000),
  hrPhone: optional(20),
  hrWhatsapp: optional(20),
  postedOn: dateMs,
  expiresOn: z
    .union([dateMs, z.literal(''), z.null()])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  active: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', '']), z.null()])
    .optional()
    .transform((v) => !(v === false || v === 'false' || v === '0' || v === 'no')),
});
export type ImportJobRow = z.output<typeof importJobRow>;

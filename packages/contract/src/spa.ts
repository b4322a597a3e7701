import { z } from 'zod';
import { optionalNumber, optionalText, pageQuery, requiredNumber, successFlag } from './common.ts';

export const spaSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  fullAddress: z.string(),
  /** Checked by an admin: shown as a "Verified" badge. */
  verified: z.boolean().optional(),
});

export const spaSchema = z.object({
  _id: z.string(),
  name: z.string(),
  business_name: z.string().nullable(),
  category: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.object({
    state: z.string(),
    district: z.string().nullable(),
    city: z.string(),
    pincode: z.string().nullable(),
  }),
  city: z.string(),
  state: z.string(),
  fullAddress: z.string(),
  location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  geolocation: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
  rating: z.number().min(0).max(5),
  reviews: z.number().int(),
  direction: z.string().nullable(),
  googleMap: z.string().nullable(),
  galleryImages: z.array(z.string()),
  openingHours: z.string().nullable(),
  closingHours: z.string().nullable(),
  openJobs: z.number().int(),
  verified: z.boolean().optional(),
  distance: z.number().optional(),
});
export type Spa = z.infer<typeof spaSchema>;

const lat = optionalNumber(-90, 90);
const lng = optionalNumber(-180, 180);

export const nearSpaQuery = z.object({
  lat: requiredNumber(-90, 90),
  lng: requiredNumber(-180, 180),
  radius: optionalNumber(0.1, 500),
  limit: pageQuery.limit,
});

export const spaAllQuery = z.object({ ...pageQuery });

export const spaSearchQuery = z
  .object({
    ...pageQuery,
    name: optionalText(),
    state: optionalText(),
    city: optionalText(),
    radius: optionalNumber(0.1, 500),
    lat,
    lng,
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'lat and lng must be given together',
    path: ['lat'],
  })
  .refine((q) => q.radius === undefined || q.lat !== undefined, {
    message: 'radius needs lat and lng',
    path: ['radius'],
  });
export type SpaSearchQuery = z.infer<typeof spaSearchQuery>;

export const spaListResponse = z.object({
  success: successFlag,
  data: z.array(spaSchema),
  /**
   * Exact up to TOTAL_CAP (NEAR_COUNT_CAP, or the page's end when further, with a radius); with
   * totalCapped, at least that many.
   */
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type SpaListResponse = z.infer<typeof spaListResponse>;

export const spaNearResponse = z.object({
  success: successFlag,
  data: z.array(spaSchema),
  /** Exact up to NEAR_COUNT_CAP; with countCapped, at least that many. */
  count: z.number().int(),
  countCapped: z.boolean(),
});

export const citiesQuery = z.object({ state: optionalText() });
export const namesResponse = z.array(z.string());

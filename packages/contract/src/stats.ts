import { z } from 'zod';
import { requiredNumber } from './common.ts';

export const siteStatsResponse = z.object({
  totalUsers: z.number().int(),
  totalSpas: z.number().int(),
  totalJobs: z.number().int(),
});
export type SiteStats = z.infer<typeof siteStatsResponse>;

export const reverseGeoQuery = z.object({
  lat: requiredNumber(-90, 90),
  lng: requiredNumber(-180, 180),
});
export const reverseGeoResponse = z.object({
  success: z.literal(true),
  city: z.string(),
  state: z.string(),
  distanceKm: z.number(),
});
export type ReverseGeo = z.infer<typeof reverseGeoResponse>;

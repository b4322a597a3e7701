import { z } from 'zod';

export const siteStatsResponse = z.object({
  totalUsers: z.number().int(),
  totalSpas: z.number().int(),
  totalJobs: z.number().int(),
});
export type SiteStats = z.infer<typeof siteStatsResponse>;

export const reverseGeoQuery = z.object({
  lat: z.coerce.number({ message: 'lat must be a number' }).min(-90).max(90),
  lng: z.coerce.number({ message: 'lng must be a number' }).min(-180).max(180),
});
export const reverseGeoResponse = z.object({
  success: z.literal(true),
  city: z.string(),
  state: z.string(),
  distanceKm: z.number(),
});
export type ReverseGeo = z.infer<typeof reverseGeoResponse>;

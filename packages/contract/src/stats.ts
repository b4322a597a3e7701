import { z } from 'zod';
import { requiredNumber } from './common.ts';
import { messages as m } from './messages.ts';

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

/** GET /geo/cities?q=: Indian cities whose name starts with the text, for choosing a place by hand. */
export const citySearchQuery = z.object({
  q: z.string().trim().min(1, m.cityNameRequired).max(60),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const citySearchResponse = z.object({
  success: z.literal(true),
  data: z.array(z.object({ city: z.string(), state: z.string(), lat: z.number(), lng: z.number() })),
});
export type CityChoice = z.infer<typeof citySearchResponse>['data'][number];

import { z } from 'zod';

/** Spec section 9: uploads up to 5MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const RADIUS_OPTIONS = [5, 10, 20, 50, 100] as const;
export const DEFAULT_RADIUS_KM = 10;
export const EARTH_RADIUS_KM = 6371;
export const SPA_PAGE_SIZE = 12;
export const JOB_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 100;
export const APPLY_AGAIN_DAYS = 15;
export const MAX_SKILLS = 10;

/** The one error shape of the API. */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Query strings give "" for a cleared field: treat it as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const optionalText = (max = 100) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

export const optionalInt = (min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).optional());

export const optionalNumber = (min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().min(min).max(max).optional());

export const pageQuery = {
  page: optionalInt(1, 100_000),
  limit: optionalInt(1, MAX_PAGE_SIZE),
};

/** Ids are opaque strings to clients; stored ones are positive integers. */
export const idParam = z.object({ id: z.string().max(64) });

export const successFlag = z.literal(true);

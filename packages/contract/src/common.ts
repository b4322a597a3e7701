import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';

export * from './constants.ts';

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

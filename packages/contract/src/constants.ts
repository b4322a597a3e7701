/**
 * Spec section 9's numbers, in a module without zod, so that a page that only
 * needs a number does not load the schema library. Re-exported by common.ts.
 */

/** Uploads up to 5MB (5242880 bytes). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const RADIUS_OPTIONS = [5, 10, 20, 50, 100] as const;
export const DEFAULT_RADIUS_KM = 10;
export const EARTH_RADIUS_KM = 6371;
export const SPA_PAGE_SIZE = 12;
export const JOB_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 100;
export const APPLY_AGAIN_DAYS = 15;
export const MAX_SKILLS = 10;
/** Listings count exactly up to this many matches; beyond it they say "10,000+". */
export const TOTAL_CAP = 10_000;
/** How many spas within a circle are counted at most (decision 86); a page further counts to its end. */
export const NEAR_COUNT_CAP = 1_000;
/** The first this-many results of a listing can be paged through; narrower filters reach the rest. */
export const RESULT_WINDOW = 10_000;

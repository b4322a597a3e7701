import { z } from 'zod';
import { optionalInt, optionalNumber, optionalText, pageQuery, successFlag } from './common.ts';
import { messages } from './messages.ts';
import { spaSummarySchema } from './spa.ts';

export const GENDERS = ['Male', 'Female'] as const;
export const JOB_GENDERS = ['Male', 'Female', 'Any'] as const;

export const jobSchema = z.object({
  _id: z.string(),
  title: z.string(),
  salary: z.string(),
  city: z.string(),
  location: z.string(),
  state: z.string(),
  category: z.string(),
  experience: z.string(),
  vacancies: z.number().int(),
  isNewJob: z.boolean(),
  gender: z.string(),
  postedOn: z.string(),
  spa: spaSummarySchema,
  hrPhone: z.string().nullable(),
  hrWhatsapp: z.string().nullable(),
  description: z.string(),
  requirements: z.string(),
  views: z.number().int(),
  /** Kilometres from the place searched from, when the search was near a place. */
  distance: z.number().optional(),
  /** "closed" once the job is paused, closed, rejected or expired: its page says so. */
  status: z.enum(['open', 'closed']).optional(),
});
export type Job = z.infer<typeof jobSchema>;

/** How a job listing is ordered: newest first (the default), nearest first, best paid first. */
export const JOB_SORTS = ['newest', 'nearest', 'salary'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

const isoDate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.iso.date({ message: messages.dateInvalid }).optional(),
);

export const jobListQuery = z
  .object({
    ...pageQuery,
    /** Keyword: every word found in the title, the description or the spa's name. */
    q: optionalText(),
    title: optionalText(),
    spa: optionalText(),
    category: optionalText(),
    state: optionalText(),
    city: optionalText(),
    postedDate: isoDate,
    /** Near a place: jobs at spas within `radius` km (5 to 100) of lat, lng. */
    lat: optionalNumber(-90, 90),
    lng: optionalNumber(-180, 180),
    radius: optionalNumber(1, 100),
    /** The lowest monthly salary in rupees that the candidate will take. */
    salaryMin: optionalInt(0, 1_000_000),
    /** The candidate's years of experience: jobs that ask for no more. */
    experience: optionalInt(0, 50),
    sort: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.enum(JOB_SORTS, { message: 'sort must be newest, nearest or salary' }).optional(),
    ),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'lat and lng go together',
    path: ['lng'],
  })
  .refine((q) => q.radius === undefined || q.lat !== undefined, {
    message: 'radius needs lat and lng',
    path: ['radius'],
  })
  .refine((q) => q.sort !== 'nearest' || q.lat !== undefined, {
    message: 'sort=nearest needs lat and lng',
    path: ['sort'],
  });
export type JobListQuery = z.infer<typeof jobListQuery>;

export const jobListResponse = z.object({
  success: successFlag,
  data: z.array(jobSchema),
  /** Exact up to TOTAL_CAP; with totalCapped, at least that many. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  /** Pages that can be reached: at most the result window. */
  pages: z.number().int(),
});
export type JobListResponse = z.infer<typeof jobListResponse>;

/** GET /spajobs/:id/similar: a few open jobs of the job's kind in its city, newest first (no count). */
export const SIMILAR_JOBS_LIMIT = 3;
export const similarJobsResponse = z.object({
  success: successFlag,
  data: z.array(jobSchema).max(SIMILAR_JOBS_LIMIT),
});
export type SimilarJobsResponse = z.infer<typeof similarJobsResponse>;

export const recentJobsQuery = z.object({ ...pageQuery });
export const recentJobsResponse = z.object({
  success: successFlag,
  data: z.array(jobSchema),
  count: z.number().int(),
});
export type RecentJobsResponse = z.infer<typeof recentJobsResponse>;

export const jobSummaryResponse = z.object({
  success: successFlag,
  byCity: z.array(z.object({ city: z.string(), totalJobs: z.number().int() })),
  byState: z.array(z.object({ state: z.string(), totalJobs: z.number().int() })),
  byCategory: z.array(z.object({ category: z.string(), totalJobs: z.number().int() })),
  byCityState: z.array(
    z.object({
      city: z.string(),
      state: z.string(),
      totalJobs: z.number().int(),
      categories: z.array(z.string()),
    }),
  ),
});
export type JobSummary = z.infer<typeof jobSummaryResponse>;

export const spaDetailsResponse = z.object({
  success: successFlag,
  spa: z.lazy(() => spaSchemaRef),
  jobs: z.array(jobSchema),
});

import { spaSchema as spaSchemaRef } from './spa.ts';

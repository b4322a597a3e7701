import { z } from 'zod';
import { optionalPhoneField, SIMPLE_EMAIL } from './fields.ts';
import { limitMessages as lm, messages as m } from './messages.ts';
import { pageQuery } from './common.ts';
import { applicationEventSchema } from './employer.ts';

export const APPLICATION_STATUSES = ['applied', 'viewed', 'shortlisted', 'rejected', 'hired'] as const;

/** POST /application/apply/user */
export const applyUserPayload = z.object({
  jobId: z
    .string({ error: m.guestJobIdMissing })
    .trim()
    .min(1, { error: m.guestJobIdMissing, abort: true })
    .max(64, m.guestJobIdMissing),
});

/** Phone for guests: optional; when given, 7 to 15 digits once non-digits are removed. */
export const guestPhoneField = optionalPhoneField;

/** E-mail for guests: optional (a phone number may be given instead), checked when given. */
export const guestEmailField = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (v.length <= 254 && SIMPLE_EMAIL.test(v)), m.emailInvalid)
  .transform((v) => (v === null ? null : v.toLowerCase()));

const given = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v != null);
/** True when a guest gave an e-mail or a phone (the form asks this even while another field is wrong). */
export const guestContactGiven = (v: { email?: unknown; phone?: unknown }) =>
  given(v.email) || given(v.phone);

/**
 * The text parts of POST /application/apply/guest (multipart: job,
 * guestInfo[name], guestInfo[email], guestInfo[phone], resume), flattened.
 * The e-mail and the phone are each optional, but one of them is required.
 */
export const guestApplicationFields = z
  .object({
    job: z
      .string({ error: m.guestJobIdMissing })
      .trim()
      .min(1, { error: m.guestJobIdMissing, abort: true })
      .max(64, m.guestJobIdMissing),
    name: z
      .string({ error: m.guestNameRequired })
      .trim()
      .min(1, { error: m.guestNameRequired, abort: true })
      .max(100, lm.textTooLong(100)),
    email: guestEmailField,
    phone: guestPhoneField,
  })
  // A name and at least one way to reach the candidate: many have a phone and no e-mail.
  .refine((v) => guestContactGiven(v), { path: ['email'], message: m.guestContactRequired });
export type GuestApplicationFields = z.input<typeof guestApplicationFields>;

export const applicationItemSchema = z.object({
  _id: z.string(),
  job: z
    .object({
      _id: z.string(),
      title: z.string(),
      location: z.string(),
      city: z.string(),
      salary: z.string(),
    })
    .nullable(),
  status: z.string(),
  appliedAt: z.string(),
  interviewAt: z.string().nullable().optional(),
  interviewPlace: z.string().nullable().optional(),
  /** Every change of status, oldest first, starting with "applied". */
  history: z.array(applicationEventSchema).optional(),
});
export type ApplicationItem = z.infer<typeof applicationItemSchema>;

export const applicationsQuery = z.object({ ...pageQuery });
export const applicationsResponse = z.object({
  success: z.literal(true),
  data: z.array(applicationItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export const countResponse = z.object({ count: z.number().int() });

export const applyResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  applicationId: z.string(),
});

/** GET /application/user/applied-job-ids: the jobs the candidate applied to, to mark them on cards. */
export const appliedJobIdsResponse = z.object({
  success: z.literal(true),
  data: z.array(z.string()),
});
export type AppliedJobIdsResponse = z.infer<typeof appliedJobIdsResponse>;
/** At most this many of the latest applications are marked. */
export const APPLIED_JOB_IDS_LIMIT = 500;

import { z } from 'zod';
import { emailField } from './fields.ts';
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
export const guestPhoneField = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^\d{7,15}$/.test(v.replace(/\D/g, '')), m.guestPhoneInvalid);

/**
 * The text parts of POST /application/apply/guest (multipart: job,
 * guestInfo[name], guestInfo[email], guestInfo[phone], resume), flattened.
 */
export const guestApplicationFields = z.object({
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
  email: z
    .string({ error: m.emailInvalid })
    .trim()
    .min(1, { error: m.emailInvalid, abort: true })
    .pipe(emailField),
  phone: guestPhoneField,
});
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

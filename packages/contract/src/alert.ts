import { z } from 'zod';
import { optionalInt, optionalNumber, optionalText, successFlag } from './common.ts';
import { emailField } from './fields.ts';
import { messages as m } from './messages.ts';

/** Job alerts: a saved jobs-page search sent by e-mail (docs/decisions/0021-job-alerts.md). */

export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_LANGUAGES = ['en', 'hi'] as const;
export type AlertLanguage = (typeof ALERT_LANGUAGES)[number];
/** At most this many alerts per e-mail address. */
export const MAX_ALERTS_PER_EMAIL = 10;
/** A digest lists at most this many jobs; "see all" leads to the rest. */
export const ALERT_DIGEST_JOBS = 10;
export const ALERT_RADIUS_MIN_KM = 1;
export const ALERT_RADIUS_MAX_KM = 100;

export const alertMessages = {
  emailInvalid: 'Please enter a valid email address',
  frequencyInvalid: 'Please choose daily or weekly',
  cityUnknown: 'We do not know this city. Please choose one from the list.',
  radiusOutOfRange: `The distance must be between ${ALERT_RADIUS_MIN_KM} and ${ALERT_RADIUS_MAX_KM} km`,
  nearNeedsPlace: 'Please choose a place for the distance search',
  tooMany: `This email address already has ${MAX_ALERTS_PER_EMAIL} job alerts. Please delete one before adding another.`,
  duplicate: 'This email address already has a job alert for this search.',
  created: 'Almost done! We have sent you an email: click the link in it to start your job alert.',
  createdConfirmed: 'Your job alert is on. We will email you when new jobs match.',
  confirmed: 'Your job alert is confirmed. We will email you when new jobs match.',
  tokenInvalid: 'This link is not valid. Please check that you copied the whole link.',
  tokenUsed: 'This confirmation link has already been used. Your job alert is already confirmed.',
  tokenExpired: 'This confirmation link has expired. Please create the job alert again.',
  unsubscribed: 'You have been unsubscribed. You will not get this job alert again.',
  alertNotFound: 'Job alert not found.',
  updated: 'Your job alert has been updated.',
  deleted: 'Your job alert has been deleted.',
} as const;

/**
 * The saved search: the jobs page's own filters (JobListQuery), without the
 * page, order and posting date, which mean nothing for "new jobs since the
 * last e-mail"; `place` is the name shown for a search near a point.
 */
export const alertQuery = z
  .object({
    q: optionalText(),
    title: optionalText(),
    spa: optionalText(),
    category: optionalText(),
    state: optionalText(),
    city: optionalText(),
    lat: optionalNumber(-90, 90),
    lng: optionalNumber(-180, 180),
    radius: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: alertMessages.radiusOutOfRange })
        .min(ALERT_RADIUS_MIN_KM, alertMessages.radiusOutOfRange)
        .max(ALERT_RADIUS_MAX_KM, alertMessages.radiusOutOfRange)
        .optional(),
    ),
    place: optionalText(80),
    salaryMin: optionalInt(0, 1_000_000),
    experience: optionalInt(0, 50),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: alertMessages.nearNeedsPlace,
    path: ['lng'],
  })
  .refine((q) => q.radius === undefined || q.lat !== undefined, {
    message: alertMessages.nearNeedsPlace,
    path: ['radius'],
  });
export type AlertQuery = z.infer<typeof alertQuery>;

/** The saved search as the API answers it (plain values, no input clean-up). */
export const savedAlertQuery = z.object({
  q: z.string().optional(),
  title: z.string().optional(),
  spa: z.string().optional(),
  category: z.string().optional(),
  state: z.string().optional(),
  city: z.string().optional(),
  lat: z.number().optional(),
  lng: z.number().optional(),
  radius: z.number().optional(),
  place: z.string().optional(),
  salaryMin: z.number().optional(),
  experience: z.number().optional(),
});

export const alertFrequency = z.enum(ALERT_FREQUENCIES, { message: alertMessages.frequencyInvalid });

export const createAlertPayload = z.object({
  email: emailField,
  frequency: alertFrequency.default('daily'),
  query: alertQuery,
});
export type CreateAlertPayload = z.input<typeof createAlertPayload>;

export const jobAlertSchema = z.object({
  id: z.string(),
  email: z.string(),
  frequency: alertFrequency,
  query: savedAlertQuery,
  language: z.enum(ALERT_LANGUAGES),
  /** pending: waiting for the confirmation link; active; paused by its owner. */
  status: z.enum(['pending', 'active', 'paused']),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
  /** When the next digest is due (08:00 India time), for an active alert. */
  nextDigestAt: z.string().nullable(),
});
export type JobAlert = z.infer<typeof jobAlertSchema>;

export const createAlertResponse = z.object({
  success: successFlag,
  message: z.string(),
  alert: jobAlertSchema,
  /** True when a confirmation e-mail was sent; false when the address was confirmed before. */
  confirmationSent: z.boolean(),
});

export const alertTokenPayload = z.object({ token: z.string().trim().min(1).max(200) });

export const alertMessageResponse = z.object({
  success: successFlag,
  message: z.string(),
  alert: jobAlertSchema.optional(),
});

export const alertListResponse = z.object({ success: successFlag, alerts: z.array(jobAlertSchema) });

export const updateAlertPayload = z
  .object({ paused: z.boolean().optional(), frequency: alertFrequency.optional() })
  .refine((p) => p.paused !== undefined || p.frequency !== undefined, {
    message: m.nothingToChange,
    path: ['paused'],
  });
export type UpdateAlertPayload = z.infer<typeof updateAlertPayload>;

export const alertResponse = z.object({ success: successFlag, message: z.string(), alert: jobAlertSchema });

/** The jobs page's link for a saved search ("see all"). */
export function alertSearchParams(q: AlertQuery): URLSearchParams {
  const p = new URLSearchParams();
  const text = ['q', 'title', 'spa', 'category', 'state', 'city'] as const;
  for (const k of text) if (q[k]) p.set(k, q[k]);
  if (q.lat !== undefined && q.lng !== undefined) {
    p.set('near', `${q.lat.toFixed(4)},${q.lng.toFixed(4)}`);
    if (q.place) p.set('place', q.place);
    if (q.radius !== undefined) p.set('radius', String(q.radius));
  }
  if (q.salaryMin !== undefined) p.set('salaryMin', String(q.salaryMin));
  if (q.experience !== undefined) p.set('experience', String(q.experience));
  return p;
}

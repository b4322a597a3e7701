import { z } from 'zod';
import { JOB_GENDERS } from './job.ts';
import { emailField, optionalTextField, phone10Field, requiredText } from './fields.ts';
import { messages as m } from './messages.ts';
import { optionalText, pageQuery } from './common.ts';

export const SPA_VERIFICATIONS = ['listed', 'pending', 'verified', 'rejected'] as const;
export type SpaVerification = (typeof SPA_VERIFICATIONS)[number];
export const JOB_STATUSES = ['active', 'paused', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_MODERATIONS = ['approved', 'pending', 'rejected'] as const;
/** Days a posted or renewed job stays open. */
export const JOB_OPEN_DAYS = 30;

/**
 * An application's way through the pipeline: applied → shortlisted →
 * interview → hired, or rejected from any open state; the candidate may
 * withdraw while it is open.
 */
export const PIPELINE_STATUSES = [
  'applied',
  'shortlisted',
  'interview',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];
export const OPEN_STATUSES: readonly PipelineStatus[] = ['applied', 'shortlisted', 'interview'];
export const NEXT_STATUSES: Record<PipelineStatus, readonly PipelineStatus[]> = {
  applied: ['shortlisted', 'rejected', 'withdrawn'],
  shortlisted: ['interview', 'rejected', 'withdrawn'],
  interview: ['interview', 'hired', 'rejected', 'withdrawn'],
  hired: [],
  rejected: [],
  withdrawn: [],
};
export const canMove = (from: string, to: PipelineStatus) =>
  (NEXT_STATUSES[from as PipelineStatus] ?? []).includes(to);

const digits10Optional = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v.replace(/[\s-]/g, '').replace(/^(\+91|0)/, '') : null))
  .refine((v) => v === null || /^\d{10}$/.test(v), m.whatsappTenDigits);

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: m.mapPinRequired }).min(min, m.mapPinRequired).max(max, m.mapPinRequired),
  );

/** POST /employer/spas and PUT /employer/spas/:id: the spa's own details. */
export const spaPayload = z.object({
  name: requiredText(m.spaNameRequired, 200),
  category: requiredText(m.categoryRequired, 100),
  addressLine: requiredText(m.addressRequired, 300),
  city: requiredText(m.cityRequired, 100),
  state: requiredText(m.stateRequired, 100),
  pincode: optionalTextField(10),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  phone: phone10Field,
  whatsapp: digits10Optional,
  email: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .pipe(z.union([z.null(), emailField])),
  website: optionalTextField(500),
});
export type SpaPayload = z.input<typeof spaPayload>;

/** POST /employer/jobs and PUT /employer/jobs/:id. */
export const jobPayload = z.object({
  title: requiredText(m.jobTitleRequired, 200),
  salary: requiredText(m.salaryRequired, 100),
  experience: requiredText(m.experienceRequired, 100),
  category: requiredText(m.categoryRequired, 100),
  location: requiredText(m.locationRequired, 200),
  vacancies: z.coerce
    .number({ error: m.vacanciesInvalid })
    .int(m.vacanciesInvalid)
    .min(1, m.vacanciesInvalid)
    .max(1000, m.vacanciesInvalid),
  gender: z.enum(JOB_GENDERS, { error: m.jobGenderInvalid }),
  description: requiredText(m.descriptionRequired, 5000),
  requirements: requiredText(m.requirementsRequired, 5000),
  hrPhone: digits10Optional,
  hrWhatsapp: digits10Optional,
});
export type JobPayload = z.input<typeof jobPayload>;
export const newJobPayload = jobPayload.extend({ spaId: z.string().min(1).max(64) });
export type NewJobPayload = z.input<typeof newJobPayload>;

export const jobActionParam = z.object({
  id: z.string().max(64),
  action: z.enum(['pause', 'resume', 'close', 'renew']),
});

/** POST /employer/applications/:id/status */
export const statusChangePayload = z
  .object({
    status: z.enum(['shortlisted', 'interview', 'hired', 'rejected']),
    interviewAt: optionalTextField(40),
    interviewPlace: optionalTextField(300),
    note: optionalTextField(1000),
  })
  .superRefine((v, ctx) => {
    if (v.status !== 'interview') return;
    if (!v.interviewAt || Number.isNaN(Date.parse(v.interviewAt)))
      ctx.addIssue({ code: 'custom', path: ['interviewAt'], message: m.interviewDateRequired });
    if (!v.interviewPlace)
      ctx.addIssue({ code: 'custom', path: ['interviewPlace'], message: m.interviewPlaceRequired });
  });
export type StatusChangePayload = z.input<typeof statusChangePayload>;

/** POST /employer/applications/bulk-status: shortlist or reject several at once. */
export const bulkStatusPayload = z.object({
  ids: z.array(z.string().max(64)).min(1).max(200),
  status: z.enum(['shortlisted', 'rejected']),
});

export const applicantsQuery = z.object({
  ...pageQuery,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PIPELINE_STATUSES).optional()),
  jobId: optionalText(64),
});

export const addMemberPayload = z.object({
  login: z
    .string({ error: m.loginIdentifierRequired })
    .trim()
    .min(1, { error: m.loginIdentifierRequired, abort: true })
    .max(254),
});

export const REPORT_REASONS = ['fake', 'asks-money', 'wrong-details'] as const;
/** POST /spajobs/:id/report */
export const reportPayload = z.object({
  reason: z.enum(REPORT_REASONS, { error: m.reportReasonRequired }),
  details: optionalTextField(1000),
});
export type ReportPayload = z.input<typeof reportPayload>;

export const applicationEventSchema = z.object({
  status: z.string(),
  at: z.string(),
  interviewAt: z.string().nullable(),
  interviewPlace: z.string().nullable(),
  note: z.string().nullable(),
});
export type ApplicationEvent = z.infer<typeof applicationEventSchema>;

export const mySpaSchema = z.object({
  _id: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  fullAddress: z.string(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  verification: z.enum(SPA_VERIFICATIONS),
  verificationNote: z.string().nullable(),
  memberRole: z.enum(['owner', 'member']),
  logo: z.string().nullable(),
  galleryImages: z.array(z.string()),
});
export type MySpa = z.infer<typeof mySpaSchema>;

/** How many pictures a spa's gallery can hold. */
export const MAX_GALLERY_IMAGES = 8;

/** Answer to a logo or gallery upload: the spa's pictures as they now are. */
export const spaImagesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  logo: z.string().nullable(),
  galleryImages: z.array(z.string()),
});
export type SpaImagesResponse = z.infer<typeof spaImagesResponse>;

export const galleryImageQuery = z.object({ image: z.string().max(200) });

export const employerJobSchema = z.object({
  _id: z.string(),
  spaId: z.string(),
  spaName: z.string(),
  title: z.string(),
  salary: z.string(),
  experience: z.string(),
  category: z.string(),
  location: z.string(),
  city: z.string(),
  state: z.string(),
  vacancies: z.number().int(),
  gender: z.string(),
  description: z.string(),
  requirements: z.string(),
  hrPhone: z.string().nullable(),
  hrWhatsapp: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  moderation: z.enum(JOB_MODERATIONS),
  moderationNote: z.string().nullable(),
  open: z.boolean(),
  postedOn: z.string(),
  expiresOn: z.string().nullable(),
  views: z.number().int(),
  applications: z.number().int(),
  funnel: z.record(z.string(), z.number().int()),
});
export type EmployerJob = z.infer<typeof employerJobSchema>;

export const applicantSchema = z.object({
  _id: z.string(),
  job: z.object({ _id: z.string(), title: z.string() }),
  spa: z.object({ _id: z.string(), name: z.string() }),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  experience: z.string().nullable(),
  guest: z.boolean(),
  hasResume: z.boolean(),
  status: z.string(),
  interviewAt: z.string().nullable(),
  interviewPlace: z.string().nullable(),
  appliedAt: z.string(),
  history: z.array(applicationEventSchema),
});
export type Applicant = z.infer<typeof applicantSchema>;

import { z } from 'zod';
import { GENDERS } from './job.ts';
import { MAX_SKILLS } from './common.ts';
import { emailField, optionalTextField, phone10Field, requiredText, todayInIndia } from './fields.ts';
import { limitMessages as lm, messages as m } from './messages.ts';

export const ROLES = ['user', 'employer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const password8 = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired, abort: true })
  .min(8, m.passwordMin8)
  .max(128, m.passwordMax128);

const gender = z.enum(GENDERS, { error: m.genderRequired });

/** POST /users/register. The role is forced to "user"; any other is refused. */
export const registerPayload = z.object({
  firstname: requiredText(m.firstNameRequired, 50),
  lastname: requiredText(m.lastNameRequired, 50),
  email: emailField,
  phone: phone10Field,
  gender,
  password: password8,
  role: z
    .string()
    .optional()
    .refine((r) => r === undefined || r === 'user', m.roleNotAllowed),
});
export type RegisterPayload = z.input<typeof registerPayload>;

/** The registration form: the payload's fields plus confirmation and terms. */
export const registerForm = registerPayload
  .omit({ role: true })
  .extend({
    confirmPassword: z.string({ error: m.passwordsDoNotMatch }),
    terms: z.boolean().refine((v) => v, m.termsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: m.passwordsDoNotMatch,
  });
export type RegisterForm = z.input<typeof registerForm>;

/** POST /users/login: an e-mail address or a 10-digit phone number, and the password. */
export const loginPayload = z.object({
  login: z
    .string({ error: m.loginIdentifierRequired })
    .trim()
    .min(1, { error: m.loginIdentifierRequired, abort: true })
    .max(254, lm.textTooLong(254)),
  password: z
    .string({ error: m.loginPasswordRequired })
    .min(1, { error: m.loginPasswordRequired, abort: true })
    .min(6, m.loginPasswordMin6)
    .max(128, lm.textTooLong(128)),
});
export type LoginPayload = z.input<typeof loginPayload>;

/** What sign-in and registration answer. */
export const authResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.string(),
  profileimage: z.string().nullable(),
});
export type AuthResponse = z.infer<typeof authResponse>;

/** Skills as a list, or a comma-separated string: split, trimmed, blanks dropped, at most 10. */
export const skillsField = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .nullable()
  .transform((v) => (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(50, m.skillTooLong)).max(MAX_SKILLS, m.skillsMax));

export const dobField = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), m.dobInvalid)
  .refine((v) => v === null || v <= todayInIndia(), m.dobInFuture);

/** PUT /users/profile. */
export const profileUpdatePayload = z.object({
  firstname: requiredText(m.firstNameRequired, 50),
  lastname: requiredText(m.lastNameRequired, 50),
  email: emailField,
  phone: phone10Field,
  gender: z
    .union([z.enum(GENDERS), z.literal(''), z.null()], { error: m.genderInvalid })
    .optional()
    .transform((g) => (g ? g : null)),
  dob: dobField,
  qualification: optionalTextField(100),
  experience: optionalTextField(100),
  skills: skillsField,
  address: optionalTextField(300),
});
export type ProfileUpdatePayload = z.input<typeof profileUpdatePayload>;

export const profileSchema = z.object({
  _id: z.string(),
  role: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.string().nullable(),
  dob: z.string().nullable(),
  qualification: z.string().nullable(),
  experience: z.string().nullable(),
  skills: z.array(z.string()),
  address: z.string().nullable(),
  profileimage: z.string().nullable(),
  resume: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: profileSchema,
});

export const uploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  profileimage: z.string().optional(),
  resume: z.string().optional(),
});

/** Forgot password: ask by e-mail or phone; the answer never tells whether the account exists. */
export const forgotPasswordPayload = z.object({
  login: z
    .string({ error: m.loginIdentifierRequired })
    .trim()
    .min(1, { error: m.loginIdentifierRequired, abort: true })
    .max(254, lm.textTooLong(254)),
});
export const resetPasswordPayload = z.object({
  token: z.string({ error: m.resetLinkInvalid }).min(20, m.resetLinkInvalid).max(200, m.resetLinkInvalid),
  password: password8,
});
export const resetPasswordForm = resetPasswordPayload
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: m.passwordsDoNotMatch,
  });

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });

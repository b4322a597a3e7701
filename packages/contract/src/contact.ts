import { z } from 'zod';
import { emailField, requiredText } from './fields.ts';
import { limitMessages as lm, messages as m } from './messages.ts';

export const CONTACT_SUBJECTS = ['jobs', 'services'] as const;

/** POST /messages/ */
export const contactPayload = z.object({
  name: requiredText(m.contactNameRequired, 100),
  email: emailField,
  phone: z
    .string()
    .trim()
    .max(20, lm.textTooLong(20))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  location: z
    .string()
    .trim()
    .max(100, lm.textTooLong(100))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  subject: z.enum(CONTACT_SUBJECTS, { error: m.contactSubjectRequired }),
  message: requiredText(m.contactMessageRequired, 2000),
});
export type ContactPayload = z.input<typeof contactPayload>;

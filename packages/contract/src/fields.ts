import { z } from 'zod';
import { limitMessages as lm, messages as m } from './messages.ts';
import './validation-messages.ts';

/** A simple address shape: something@something.tld, no spaces. */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired, abort: true })
  .max(254, m.emailInvalid)
  .regex(SIMPLE_EMAIL, m.emailInvalid)
  .transform((e) => e.toLowerCase());

/** Registration and profile phone: exactly 10 digits. */
export const phone10Field = z
  .string({ error: m.phoneRequired })
  .trim()
  .min(1, { error: m.phoneRequired, abort: true })
  .regex(/^\d{10}$/, m.phoneTenDigits);

/** Keeps digits only, at most 10: what the registration phone input does as one types. */
export const keepTenDigits = (v: string) => v.replace(/\D/g, '').slice(0, 10);

export const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, lm.textTooLong(max));

export const optionalTextField = (max: number) =>
  z
    .string()
    .trim()
    .max(max, lm.textTooLong(max))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Today's date in India (YYYY-MM-DD), for "not in the future" checks. */
export function todayInIndia(now = Date.now()): string {
  return new Date(now + 5.5 * 3600_000).toISOString().slice(0, 10);
}

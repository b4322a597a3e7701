import { z } from 'zod';
import { limitMessages as lm, messages as m } from './messages.ts';
import { GUEST_PHONE_DIGITS, normalizePhone } from './phone.ts';
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

/**
 * Registration and profile phone: exactly 10 digits once written forms such as
 * "+91 98200 55555" or "098200-55555" are normalized; the value is the
 * 10-digit national number.
 */
export const phone10Field = z
  .string({ error: m.phoneRequired })
  .trim()
  .min(1, { error: m.phoneRequired, abort: true })
  .transform((v) => normalizePhone(v) ?? v)
  .pipe(z.string().regex(/^\d{10}$/, m.phoneTenDigits));

/**
 * An optional phone (guest application, contact form): when given, 7 to 15
 * digits once non-digits are removed; Indian numbers are kept as the 10-digit
 * national number, others as their digits.
 */
export const optionalPhoneField = z
  .string()
  .trim()
  .max(30, m.guestPhoneInvalid)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => {
    if (v === null) return true;
    const digits = v.replace(/\D/g, '').length;
    return normalizePhone(v) !== null && digits >= GUEST_PHONE_DIGITS.min && digits <= GUEST_PHONE_DIGITS.max;
  }, m.guestPhoneInvalid)
  .transform((v) => (v === null ? null : normalizePhone(v)));

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

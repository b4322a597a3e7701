/**
 * One rule for phone numbers, used by every form and by the API. People write
 * Indian numbers in many ways: "+91 98200 55555", "098200-55555",
 * "(91) 9820055555", "0091 98200 55555". All of them mean the 10-digit national
 * number 9820055555, which is what is stored and looked up.
 */

/** Characters a written phone number may contain besides digits. */
const PHONE_CHARS = /^[\d\s+\-().]*$/;

/**
 * Drops what comes before the national number: a leading 0 (trunk or "00"
 * international prefix) or the country code 91, but only while the number is
 * longer than 10 digits, so a 10-digit number that starts with 9 or 0 is kept.
 */
function dropIndianPrefixes(digits: string): string {
  let d = digits;
  for (;;) {
    if (d.length <= 10) return d;
    if (d.startsWith('0')) d = d.slice(1);
    else if (d.startsWith('91')) d = d.slice(2);
    else return d;
  }
}

/**
 * The digits of a phone number as written, with the Indian prefixes removed;
 * null when the text holds anything but digits, spaces, dashes, dots, brackets
 * and a plus sign.
 */
export function normalizePhone(written: string): string | null {
  const v = written.trim();
  if (!PHONE_CHARS.test(v)) return null;
  return dropIndianPrefixes(v.replace(/\D/g, ''));
}

/** True when the text is a written phone number (not an e-mail address or a name). */
export function looksLikePhone(written: string): boolean {
  const v = written.trim();
  return v.length > 0 && PHONE_CHARS.test(v) && /\d/.test(v);
}

/**
 * What a 10-digit phone field holds as one types or pastes: digits only, the
 * Indian prefixes removed first, then at most 10. Pasting "+91 98200 55555"
 * gives 9820055555; typing it key by key ends the same way, because the
 * country code is dropped as soon as the 11th digit arrives.
 */
export function tenDigitPhoneInput(typed: string): string {
  return dropIndianPrefixes(typed.replace(/\D/g, '')).slice(0, 10);
}

/** The shortest and longest phone numbers a guest may give (spec: 7 to 15 digits). */
export const GUEST_PHONE_DIGITS = { min: 7, max: 15 } as const;

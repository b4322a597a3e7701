import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.ts';
import { messages as m } from './messages.ts';
import './validation-messages.ts';

export * from './constants.ts';

/**
 * The one error shape of the API. `error` and `message` are in the language
 * the request asked for (Accept-Language: hi or en); `code` names the message
 * (its key in messages.ts, e.g. `emailInvalid`) and is the same in every language.
 */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  code: z
    .string()
    .optional()
    .describe("The message's key in the contract catalogue, the same in every language"),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Query strings give "" for a cleared field: treat it as absent. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const optionalText = (max = 100) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/**
 * A number from a query string: blank is absent, anything that is not
 * entirely a decimal number ("", "abc", "0x10", "1,5") is refused rather than
 * read as 0 or NaN.
 */
const toNumber = (v: unknown) => {
  const b = blankToUndefined(v);
  if (typeof b !== 'string') return b;
  return /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(b) ? Number(b) : b;
};

/** A number whose missing or non-numeric value has its own words; its range checks keep theirs. */
const numberField = (missing: string) =>
  z.number({
    error: (iss) =>
      iss.code !== 'invalid_type' ? undefined : iss.input === undefined ? missing : m.numberRequired,
  });

export const optionalInt = (min: number, max: number) =>
  z.preprocess(
    toNumber,
    numberField(m.fieldRequired).int(m.wholeNumberRequired).min(min).max(max).optional(),
  );

export const optionalNumber = (min: number, max: number) =>
  z.preprocess(toNumber, numberField(m.fieldRequired).min(min).max(max).optional());

/** A number the request must carry; blank counts as missing. */
export const requiredNumber = (min: number, max: number, missing: string = m.fieldRequired) =>
  z.preprocess(toNumber, numberField(missing).min(min).max(max));

export const pageQuery = {
  page: optionalInt(1, 100_000),
  limit: optionalInt(1, MAX_PAGE_SIZE),
};

/** Ids are opaque strings to clients; stored ones are positive integers. */
export const idParam = z.object({ id: z.string().max(64) });

export const successFlag = z.literal(true);

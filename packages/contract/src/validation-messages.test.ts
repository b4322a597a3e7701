import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guestApplicationFields } from './application.ts';
import { optionalInt, requiredNumber } from './common.ts';
import { limitMessages as lm, messages as m } from './messages.ts';
import { nearSpaQuery } from './spa.ts';
import './validation-messages.ts';

const messagesOf = (r: { error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message);

describe('the contract words for checks without a message of their own', () => {
  it('replaces every zod default', () => {
    const schema = z.object({
      text: z.string().min(3).max(5),
      count: z.number().int().min(1).max(9),
      tags: z.array(z.string()).max(2),
      kind: z.enum(['a', 'b']),
      flag: z.boolean(),
      ok: z.string().refine((v) => v === 'yes'),
    });
    const r = schema.safeParse({
      text: 'ab',
      count: 1.5,
      tags: ['x', 'y', 'z'],
      kind: 'c',
      flag: 'no',
      ok: 'no',
    });
    expect(messagesOf(r)).toEqual([
      lm.textTooShort(3),
      m.wholeNumberRequired,
      lm.tooManyItems(2),
      lm.choices(['a', 'b']),
      m.fieldInvalid,
      m.fieldInvalid,
    ]);
    expect(messagesOf(schema.safeParse({}))).toEqual(Array(6).fill(m.fieldRequired));
    expect(messagesOf(z.number().max(3).safeParse(4))).toEqual([lm.numberTooLarge(3)]);
  });

  it('keeps the schema’s own message, and a limit gets its own words, not the missing-value one', () => {
    const r = guestApplicationFields.safeParse({ job: '1', name: 'a'.repeat(101), email: 'a@b.in' });
    expect(messagesOf(r)).toEqual([lm.textTooLong(100)]);
    expect(messagesOf(guestApplicationFields.safeParse({ job: '1', email: 'a@b.in' }))).toEqual([
      m.guestNameRequired,
    ]);
  });

  it('reads numbers from query strings strictly: blank is missing, junk is not a number, never 0', () => {
    const n = requiredNumber(-90, 90);
    expect(n.parse('19.5')).toBe(19.5);
    expect(n.parse(' -7 ')).toBe(-7);
    expect(messagesOf(n.safeParse(''))).toEqual([m.fieldRequired]);
    expect(messagesOf(n.safeParse(undefined))).toEqual([m.fieldRequired]);
    for (const junk of ['abc', '0x10', '1,5', 'Infinity', '1e999', 'NaN']) {
      expect(messagesOf(n.safeParse(junk)), junk).toEqual([m.numberRequired]);
    }
    expect(messagesOf(n.safeParse('91'))).toEqual([lm.numberTooLarge(90)]);
    const page = optionalInt(1, 100);
    expect(page.parse('')).toBeUndefined();
    expect(messagesOf(page.safeParse('0'))).toEqual([lm.numberTooSmall(1)]);
    expect(messagesOf(page.safeParse('2.5'))).toEqual([m.wholeNumberRequired]);
    expect(nearSpaQuery.safeParse({ lat: '19', lng: '' }).success).toBe(false);
  });
});

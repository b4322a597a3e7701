import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { alertMessages } from './alert.ts';
import { englishWords, localizeMessage, lookUpMessage, messageCode } from './localize.ts';
import { limitMessages, messages } from './messages.ts';
import { alertMessagesHi, hindiWords, limitMessagesHi, messagesHi } from './messages-hi.ts';
import { registerPayload } from './user.ts';
import { contractErrorMapFor } from './validation-messages.ts';

/** `{name}` placeholders and numbers ("10", "5MB", "7-15"), which a translation must keep. */
const kept = (text: string) => ({
  placeholders: [...text.matchAll(/\{\w+\}/g)].map((x) => x[0]).sort(),
  numbers: [...text.matchAll(/\d+/g)].map((x) => x[0]).sort(),
});
const DEVANAGARI = /[\u0900-\u097F]/;

describe.each([
  ['messages', messages, messagesHi],
  ['alertMessages', alertMessages, alertMessagesHi],
] as [string, Record<string, string>, Record<string, string>][])('the Hindi %s', (_name, en, hi) => {
  it('have exactly the English keys', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('keep every placeholder and number, and are written in Devanagari', () => {
    for (const key of Object.keys(en)) {
      expect(kept(hi[key]!), key).toEqual(kept(en[key]!));
      expect(hi[key], key).toMatch(DEVANAGARI);
      expect(hi[key]!.trim(), key).toBe(hi[key]);
    }
  });

  it('say the same for keys whose English is the same, so a message read back by its words is never ambiguous', () => {
    const byEnglish = new Map<string, string>();
    for (const [key, text] of Object.entries(en)) {
      const seen = byEnglish.get(text);
      if (seen !== undefined) expect(hi[key], key).toBe(seen);
      else byEnglish.set(text, hi[key]!);
    }
  });
});

describe('the Hindi limit messages', () => {
  it('have exactly the English templates, with the same numbers', () => {
    expect(Object.keys(limitMessagesHi).sort()).toEqual(Object.keys(limitMessages).sort());
    for (const key of Object.keys(limitMessages) as (keyof typeof limitMessages)[]) {
      if (key === 'choices' || key === 'invalidParameter') continue;
      const hi = (limitMessagesHi[key] as (n: number) => string)(37);
      expect(hi, key).toContain('37');
      expect(hi, key).toMatch(DEVANAGARI);
    }
    expect(limitMessagesHi.choices(['daily', 'weekly'])).toContain('daily, weekly');
    expect(limitMessagesHi.invalidParameter('page', 'x')).toContain('page');
  });
});

describe('reading an English message back to its key', () => {
  it('finds every catalogue message, and gives its words in Hindi', () => {
    for (const [key, text] of Object.entries(messages)) {
      const found = lookUpMessage(text);
      expect(found, key).toBeDefined();
      expect(messages[found!.code as keyof typeof messages]).toBe(text);
      expect(localizeMessage(text, hindiWords)).toBe(messagesHi[key as keyof typeof messagesHi]);
    }
    for (const [key, text] of Object.entries(alertMessages)) {
      expect(localizeMessage(text, hindiWords), key).toBe(
        alertMessagesHi[key as keyof typeof alertMessagesHi],
      );
    }
  });

  it('reads templated messages with their numbers and choices', () => {
    expect(messageCode(limitMessages.textTooLong(100))).toBe('textTooLong');
    expect(localizeMessage(limitMessages.textTooLong(100), hindiWords)).toBe(
      limitMessagesHi.textTooLong(100),
    );
    expect(localizeMessage(limitMessages.numberTooSmall(-2.5), hindiWords)).toBe(
      limitMessagesHi.numberTooSmall(-2.5),
    );
    expect(localizeMessage(limitMessages.choices(['Male', 'Female']), hindiWords)).toBe(
      limitMessagesHi.choices(['Male', 'Female']),
    );
    const param = limitMessages.invalidParameter('page', limitMessages.numberTooLarge(100));
    expect(messageCode(param)).toBe('numberTooLarge');
    expect(localizeMessage(param, hindiWords)).toBe(
      limitMessagesHi.invalidParameter('page', limitMessagesHi.numberTooLarge(100)),
    );
  });

  it('leaves any other text, and English, as it is', () => {
    expect(lookUpMessage('Something else entirely')).toBeUndefined();
    expect(localizeMessage('Something else entirely', hindiWords)).toBe('Something else entirely');
    expect(localizeMessage(messages.jobNotFound, englishWords)).toBe(messages.jobNotFound);
  });
});

describe('the Hindi error map', () => {
  it('replaces zod’s defaults with Hindi words; English stays the default', () => {
    const schema = z.object({
      text: z.string().min(3),
      count: z.number().int().max(9),
      kind: z.enum(['a', 'b']),
    });
    const input = { text: 'ab', count: 12, kind: 'c' };
    const hi = schema.safeParse(input, { error: contractErrorMapFor(hindiWords) });
    expect(hi.error?.issues.map((i) => i.message)).toEqual([
      limitMessagesHi.textTooShort(3),
      limitMessagesHi.numberTooLarge(9),
      limitMessagesHi.choices(['a', 'b']),
    ]);
    expect(schema.safeParse({}, { error: contractErrorMapFor(hindiWords) }).error?.issues[0]?.message).toBe(
      messagesHi.fieldRequired,
    );
    expect(schema.safeParse(input).error?.issues.map((i) => i.message)).toEqual([
      limitMessages.textTooShort(3),
      limitMessages.numberTooLarge(9),
      limitMessages.choices(['a', 'b']),
    ]);
  });

  it('leaves a schema’s own message English, for localizeMessage to put into Hindi by its key', () => {
    const r = registerPayload.safeParse({}, { error: contractErrorMapFor(hindiWords) });
    const first = r.error!.issues[0]!.message;
    expect(first).toBe(messages.firstNameRequired);
    expect(localizeMessage(first, hindiWords)).toBe(messagesHi.firstNameRequired);
  });
});

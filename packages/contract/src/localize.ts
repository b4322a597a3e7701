import { ALERT_LANGUAGES, alertMessages, type AlertLanguage } from './alert.ts';
import {
  limitMessages,
  messages,
  type LimitMessageKey,
  type LimitMessages,
  type MessageCatalogue,
} from './messages.ts';

/**
 * The contract's words in one language, and the way back from an English
 * message to its key. The API and the schemas speak English (the spec's exact
 * texts); a message is put into another language at the last moment, by its
 * key, which is also the stable `code` an error answer carries.
 */

export const LANGUAGES = ALERT_LANGUAGES;
export type Language = AlertLanguage;

export type AlertMessageKey = keyof typeof alertMessages;

export interface Words {
  messages: MessageCatalogue;
  limitMessages: LimitMessages;
  alertMessages: { readonly [K in AlertMessageKey]: string };
}

export const englishWords: Words = { messages, limitMessages, alertMessages };

/** An English contract message found again: its key, and its words in another language. */
export interface KnownMessage {
  /** The catalogue key (for a templated message, the template's key). */
  code: string;
  in(words: Words): string;
}

const exact = new Map<string, KnownMessage>();
for (const key of Object.keys(messages) as (keyof MessageCatalogue)[]) {
  // Two keys with the same English words have the same words in every language (a test checks it).
  if (!exact.has(messages[key])) exact.set(messages[key], { code: key, in: (w) => w.messages[key] });
}
for (const key of Object.keys(alertMessages) as AlertMessageKey[]) {
  if (!exact.has(alertMessages[key])) {
    exact.set(alertMessages[key], { code: key, in: (w) => w.alertMessages[key] });
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A stand-in number: the English template is written with it, then read back as a pattern. */
const MARK = 987_654_321;
const NUMERIC: LimitMessageKey[] = [
  'textTooShort',
  'textTooLong',
  'numberTooSmall',
  'numberTooLarge',
  'tooFewItems',
  'tooManyItems',
];
type NumberTemplate = (n: number) => string;

const templates: { code: LimitMessageKey; pattern: RegExp; read(m: RegExpExecArray): KnownMessage }[] = [
  ...NUMERIC.map((code) => ({
    code,
    pattern: new RegExp(
      `^${escape((limitMessages[code] as NumberTemplate)(MARK)).replace(String(MARK), '(-?\\d+(?:\\.\\d+)?)')}$`,
    ),
    read: (m: RegExpExecArray): KnownMessage => ({
      code,
      in: (w) => (w.limitMessages[code] as NumberTemplate)(Number(m[1])),
    }),
  })),
  {
    code: 'choices',
    pattern: new RegExp(`^${escape(limitMessages.choices(['\u0000'])).replace('\u0000', '(.+)')}$`),
    read: (m) => ({ code: 'choices', in: (w) => w.limitMessages.choices(m[1]!.split(', ')) }),
  },
  {
    code: 'invalidParameter',
    pattern: new RegExp(
      `^${escape(limitMessages.invalidParameter('\u0000', '\u0001'))
        .replace('\u0000', '([^:]+)')
        .replace('\u0001', '(.+)')}$`,
    ),
    read: (m) => {
      const inner = lookUpMessage(m[2]!);
      return {
        // The parameter's own check names the problem.
        code: inner?.code ?? 'invalidParameter',
        in: (w) => w.limitMessages.invalidParameter(m[1]!, inner ? inner.in(w) : m[2]!),
      };
    },
  },
];

/** The contract message an English text is, if it is one (exactly, or written from a template). */
export function lookUpMessage(text: string): KnownMessage | undefined {
  const found = exact.get(text);
  if (found) return found;
  for (const t of templates) {
    const m = t.pattern.exec(text);
    if (m) return t.read(m);
  }
  return undefined;
}

/** An English contract message in the given words; any other text is left as it is. */
export function localizeMessage(text: string, words: Words): string {
  if (words === englishWords) return text;
  return lookUpMessage(text)?.in(words) ?? text;
}

/** The stable code of an English contract message (its catalogue key), the same in every language. */
export function messageCode(text: string): string | undefined {
  return lookUpMessage(text)?.code;
}

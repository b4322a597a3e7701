import { z } from 'zod';
import { limitMessages, messages, type LimitMessages, type MessageCatalogue } from './messages.ts';

/** The words an error map speaks: the contract's messages in one language. */
export interface CheckWords {
  messages: MessageCatalogue;
  limitMessages: LimitMessages;
}

/**
 * The words for a failed check that carries no message of its own, so that no
 * library default ("Invalid input", "Too small: expected …") ever reaches a
 * person. A schema's own message always wins over these; it is English, and
 * localizeMessage (localize.ts) puts it into another language by its key.
 *
 * `contractErrorMapFor(hindiWords)` (messages-hi.ts) gives the Hindi map, for a
 * parse that should answer in Hindi: `schema.safeParse(v, { error: map })`.
 */
export function contractErrorMapFor(words: CheckWords): z.core.$ZodErrorMap {
  const { messages: m, limitMessages: lm } = words;
  return (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return m.fieldRequired;
        if (issue.expected === 'number') return m.numberRequired;
        if (issue.expected === 'int') return m.wholeNumberRequired;
        if (issue.expected === 'string') return m.textRequired;
        return m.fieldInvalid;
      case 'too_small': {
        const min = Number(issue.minimum);
        if (issue.origin === 'string') return min <= 1 ? m.fieldRequired : lm.textTooShort(min);
        if (issue.origin === 'array' || issue.origin === 'set') return lm.tooFewItems(min);
        if (issue.origin === 'number' || issue.origin === 'int') return lm.numberTooSmall(min);
        return m.fieldInvalid;
      }
      case 'too_big': {
        const max = Number(issue.maximum);
        if (issue.origin === 'string') return lm.textTooLong(max);
        if (issue.origin === 'array' || issue.origin === 'set') return lm.tooManyItems(max);
        if (issue.origin === 'number' || issue.origin === 'int') return lm.numberTooLarge(max);
        return m.fieldInvalid;
      }
      case 'invalid_value':
        if (issue.input === undefined || issue.input === null) return m.fieldRequired;
        return issue.values.length > 0 && issue.values.length <= 8
          ? lm.choices(issue.values)
          : m.choiceInvalid;
      case 'not_multiple_of':
        return m.wholeNumberRequired;
      case 'unrecognized_keys':
        return m.unknownField;
      default:
        return m.fieldInvalid;
    }
  };
}

/** The English map, which every parse uses unless told otherwise. */
export const contractErrorMap: z.core.$ZodErrorMap = contractErrorMapFor({ messages, limitMessages });

z.config({ customError: contractErrorMap });

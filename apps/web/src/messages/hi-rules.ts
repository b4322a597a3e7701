import { localizeMessage } from '@spajobs/contract/localize';
import { hindiWords, messagesHi } from '@spajobs/contract/messages-hi';
import type { Messages } from './en';

/**
 * The contract's messages in Hindi, for the forms: a chunk of its own (it
 * brings the contract's schemas along), loaded by the pages with forms.
 */
export const hiRules: Messages['rules'] = messagesHi;

/** A contract message (the English the schemas and the API write) in Hindi, templated limits included. */
export const ruleTextHi = (english: string): string => localizeMessage(english, hindiWords);

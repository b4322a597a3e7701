import type { Language } from '@spajobs/contract/localize';
import { pageUrl } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

const texts = {
  en: {
    subject: (brand: string) => `Reset your ${brand} password`,
    hello: (name: string) => `Hello ${name},`,
    asked: (brand: string) => `Someone asked to reset the password of your ${brand} account.`,
    open: 'To choose a new password, open this link within one hour:',
    once: 'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
  hi: {
    subject: (brand: string) => `अपना ${brand} पासवर्ड रीसेट करें`,
    hello: (name: string) => `नमस्ते ${name},`,
    asked: (brand: string) => `किसी ने आपके ${brand} अकाउंट का पासवर्ड रीसेट करने के लिए कहा है।`,
    open: 'नया पासवर्ड चुनने के लिए एक घंटे के अंदर यह लिंक खोलें:',
    once: 'यह लिंक सिर्फ़ एक बार चलेगा। अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड पहले जैसा ही रहेगा।',
  },
} satisfies Record<Language, unknown>;

/** The e-mail with a single-use link to choose a new password, in the account's language. */
export function resetPasswordMail(opts: {
  to: string;
  firstname: string;
  token: string;
  language: Language;
  site: { brandName: string; publicBaseUrl: string };
}): MailMessage {
  const t = texts[opts.language];
  const brand = opts.site.brandName;
  const link = pageUrl(opts.site.publicBaseUrl, opts.language, `/reset-password?token=${opts.token}`);
  return {
    to: opts.to,
    subject: t.subject(brand),
    text: [t.hello(opts.firstname), '', t.asked(brand), t.open, '', link, '', t.once].join('\n'),
  };
}

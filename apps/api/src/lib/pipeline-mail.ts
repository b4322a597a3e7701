import type { Language } from '@spajobs/contract/localize';
import { dateTime, pageUrl, pluralOf } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';

export interface StatusMailInput {
  email: string;
  name: string;
  jobTitle: string;
  spaName: string;
  status: string;
  interviewAt: string | null;
  interviewPlace: string | null;
  /** The candidate's language (English when not given). */
  language?: Language;
}

const texts = {
  en: {
    status: {
      shortlisted: 'You have been shortlisted',
      interview: 'Interview',
      hired: 'You have been hired',
      rejected: 'Not selected this time',
      withdrawn: 'Application withdrawn',
    } as Record<string, string>,
    hello: (name: string) => `Hello ${name || 'there'},`,
    yourApplication: (job: string, spa: string, headline: string) =>
      `Your application for ${job} at ${spa}: ${headline}.`,
    when: (at: string) => `When: ${at}`,
    where: (place: string) => `Where: ${place}`,
    seeApplications: (url: string) => `See all your applications: ${url}`,
    statusSubject: (headline: string, job: string, spa: string) => `${headline}: ${job} at ${spa}`,
    yourSpa: 'Your spa',
    digestSubject: (n: number, spa: string) => `${n} new application${n === 1 ? '' : 's'} at ${spa}`,
    digestIntro: (n: number, spa: string) => `${spa} has ${n} new application${n === 1 ? '' : 's'}:`,
    digestItem: (name: string, job: string) => `- ${name} for ${job}`,
    seeApplicants: (url: string) => `See the applicants: ${url}`,
  },
  hi: {
    status: {
      shortlisted: 'आपको शॉर्टलिस्ट किया गया है',
      interview: 'इंटरव्यू के लिए बुलावा',
      hired: 'आपका चयन हो गया है',
      rejected: 'इस बार आपका चयन नहीं हुआ',
      withdrawn: 'आवेदन वापस ले लिया गया',
    } as Record<string, string>,
    hello: (name: string) => (name ? `नमस्ते ${name},` : 'नमस्ते,'),
    yourApplication: (job: string, spa: string, headline: string) =>
      `${spa} में ${job} के लिए आपका आवेदन: ${headline}।`,
    when: (at: string) => `कब: ${at}`,
    where: (place: string) => `कहाँ: ${place}`,
    seeApplications: (url: string) => `अपने सभी आवेदन देखें: ${url}`,
    statusSubject: (headline: string, job: string, spa: string) => `${headline}: ${spa} में ${job}`,
    yourSpa: 'आपका स्पा',
    // Hindi counts 1 as singular ("1 नया आवेदन"), the rest as plural ("3 नए आवेदन").
    digestSubject: (n: number, spa: string) =>
      `${spa} में ${n} ${pluralOf(n, 'hi') === 'one' ? 'नया आवेदन' : 'नए आवेदन'}`,
    digestIntro: (n: number, spa: string) =>
      `${spa} को ${n} ${pluralOf(n, 'hi') === 'one' ? 'नया आवेदन मिला है' : 'नए आवेदन मिले हैं'}:`,
    digestItem: (name: string, job: string) => `- ${name}, ${job} के लिए`,
    seeApplicants: (url: string) => `आवेदन करने वालों को देखें: ${url}`,
  },
} satisfies Record<Language, unknown>;

/** The e-mail a candidate gets when the spa moves the application, in the candidate's language. */
export function statusMail(
  n: StatusMailInput,
  site: { brandName: string; publicBaseUrl: string },
): MailMessage {
  const lang = n.language ?? 'en';
  const t = texts[lang];
  const headline = t.status[n.status] ?? n.status;
  const lines = [t.hello(n.name), '', t.yourApplication(n.jobTitle, n.spaName, headline)];
  if (n.status === 'interview' && n.interviewAt) {
    lines.push('', t.when(dateTime(n.interviewAt, lang)), t.where(n.interviewPlace ?? ''));
  }
  lines.push('', t.seeApplications(pageUrl(site.publicBaseUrl, lang, '/applications')), '', site.brandName);
  return { to: n.email, subject: t.statusSubject(headline, n.jobTitle, n.spaName), text: lines.join('\n') };
}

/** The e-mail a spa's employers get about new applications (one per hour at most), in each one's language. */
export function digestMail(
  to: string,
  spaName: string | null,
  items: { name: string; jobTitle: string }[],
  site: { brandName: string; publicBaseUrl: string },
  language: Language = 'en',
): MailMessage {
  const t = texts[language];
  const spa = spaName ?? t.yourSpa;
  const n = items.length;
  return {
    to,
    subject: t.digestSubject(n, spa),
    text: [
      t.digestIntro(n, spa),
      '',
      ...items.map((i) => t.digestItem(i.name, i.jobTitle)),
      '',
      t.seeApplicants(pageUrl(site.publicBaseUrl, language, '/employer/applicants')),
      '',
      site.brandName,
    ].join('\n'),
  };
}

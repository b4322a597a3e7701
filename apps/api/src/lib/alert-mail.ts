import {
  alertSearchParams,
  type AlertFrequency,
  type AlertLanguage,
  type AlertQuery,
} from '@spajobs/contract/alert';
import { pageUrl, rupees } from './mail-language.ts';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './escape.ts';

/**
 * The job-alert e-mails in English and Hindi (the alert's language): the
 * confirmation link and the digest, linking to the site's pages in that
 * language. Every digest carries RFC 8058 one-click unsubscribe headers and a
 * visible unsubscribe link.
 */

export interface AlertSite {
  brandName: string;
  publicBaseUrl: string;
  /** mailto: address for List-Unsubscribe. */
  unsubscribeMailto: string;
}

export interface DigestJob {
  id: number;
  title: string;
  spaName: string;
  city: string;
  location: string;
  salary: string;
}

const texts = {
  en: {
    confirmSubject: 'Confirm your job alert',
    hello: 'Hello,',
    confirmAsked: (brand: string, what: string) => `You asked ${brand} to e-mail you new jobs for: ${what}.`,
    confirmClick: (hours: number) =>
      `Click this link to start the job alert (it works for ${hours} hours, and only once):`,
    confirmIgnore: 'If you did not ask for this, ignore this e-mail: you will get nothing more from us.',
    confirmButton: 'Start my job alert',
    digestSubject: (n: number, more: boolean, what: string) =>
      `${n}${more ? '+' : ''} new spa job${n === 1 && !more ? '' : 's'}: ${what}`,
    digestIntro: (what: string) => `New jobs for your job alert (${what}):`,
    seeAll: 'See all matching jobs',
    jobLink: 'View and apply',
    why: (brand: string, freq: string) =>
      `You get this e-mail because you set up a ${freq} job alert at ${brand}.`,
    unsubscribe: 'Unsubscribe from this alert',
    manage: 'Manage your job alerts',
    daily: 'daily',
    weekly: 'weekly',
    anyJob: 'all spa jobs',
    inPlace: (p: string) => `in ${p}`,
    near: (km: number, place: string) => `within ${km} km of ${place}`,
    yourPlace: 'your location',
    salaryFrom: (rupees: string) => `${rupees}+ a month`,
    experience: (years: number) => (years === 0 ? 'for freshers' : `for ${years} years' experience`),
    atSpa: (spa: string) => `at ${spa}`,
  },
  hi: {
    confirmSubject: 'अपना जॉब अलर्ट कन्फ़र्म करें',
    hello: 'नमस्ते,',
    confirmAsked: (brand: string, what: string) => `आपने ${brand} से इस खोज की नई जॉब ईमेल पर माँगी हैं: ${what}।`,
    confirmClick: (hours: number) =>
      `जॉब अलर्ट शुरू करने के लिए इस लिंक पर क्लिक करें (यह लिंक ${hours} घंटे तक और सिर्फ़ एक बार चलेगा):`,
    confirmIgnore: 'अगर आपने यह अलर्ट नहीं माँगा था, तो इस ईमेल को अनदेखा करें: आपको हमसे और कोई ईमेल नहीं मिलेगा।',
    confirmButton: 'मेरा जॉब अलर्ट शुरू करें',
    digestSubject: (n: number, more: boolean, what: string) => `${n}${more ? '+' : ''} नई स्पा जॉब: ${what}`,
    digestIntro: (what: string) => `आपके जॉब अलर्ट (${what}) की नई जॉब:`,
    seeAll: 'सभी मिलती-जुलती जॉब देखें',
    jobLink: 'देखें और अप्लाई करें',
    why: (brand: string, freq: string) =>
      `आपको यह ईमेल इसलिए मिला है क्योंकि आपने ${brand} पर ${freq} जॉब अलर्ट बनाया है।`,
    unsubscribe: 'इस अलर्ट से अनसब्सक्राइब करें',
    manage: 'अपने जॉब अलर्ट मैनेज करें',
    daily: 'रोज़ का',
    weekly: 'हर हफ़्ते का',
    anyJob: 'सभी स्पा जॉब',
    inPlace: (p: string) => `${p} में`,
    near: (km: number, place: string) => `${place} से ${km} किमी के अंदर`,
    yourPlace: 'आपकी लोकेशन',
    salaryFrom: (rupees: string) => `${rupees}+ महीना`,
    experience: (years: number) => (years === 0 ? 'फ़्रेशर के लिए' : `${years} साल के अनुभव के लिए`),
    atSpa: (spa: string) => `${spa} में`,
  },
} satisfies Record<AlertLanguage, unknown>;

export const alertTexts = (lang: AlertLanguage) => texts[lang] ?? texts.en;

/** The search in a few words: "“therapist” Ayurveda in Mumbai, ₹20,000+ a month". */
export function describeAlert(q: AlertQuery, lang: AlertLanguage): string {
  const t = alertTexts(lang);
  const parts: string[] = [];
  const words = [q.q, q.title].filter(Boolean).map((w) => `“${w}”`);
  if (words.length) parts.push(words.join(' '));
  if (q.category) parts.push(q.category);
  if (q.spa) parts.push(t.atSpa(q.spa));
  if (q.lat !== undefined) parts.push(t.near(q.radius ?? 10, q.place || t.yourPlace));
  else if (q.city) parts.push(t.inPlace(q.city));
  else if (q.state) parts.push(t.inPlace(q.state));
  if (q.salaryMin) parts.push(t.salaryFrom(rupees(q.salaryMin, lang)));
  if (q.experience !== undefined) parts.push(t.experience(q.experience));
  return parts.length ? parts.join(', ') : t.anyJob;
}

function html(lang: AlertLanguage, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1f2937">${body}</body></html>`;
}

export function confirmAlertMail(opts: {
  to: string;
  query: AlertQuery;
  language: AlertLanguage;
  token: string;
  ttlHours: number;
  site: AlertSite;
}): MailMessage {
  const t = alertTexts(opts.language);
  const what = describeAlert(opts.query, opts.language);
  const link = pageUrl(
    opts.site.publicBaseUrl,
    opts.language,
    `/alerts/confirm?token=${encodeURIComponent(opts.token)}`,
  );
  const lines = [
    t.hello,
    '',
    t.confirmAsked(opts.site.brandName, what),
    '',
    t.confirmClick(opts.ttlHours),
    link,
    '',
    t.confirmIgnore,
    '',
    opts.site.brandName,
  ];
  return {
    to: opts.to,
    subject: t.confirmSubject,
    text: lines.join('\n'),
    html: html(
      opts.language,
      `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.confirmAsked(opts.site.brandName, what))}</p>` +
        `<p>${escapeHtml(t.confirmClick(opts.ttlHours))}</p>` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t.confirmButton)}</a></p>` +
        `<p style="color:#6b7280">${escapeHtml(t.confirmIgnore)}</p><p>${escapeHtml(opts.site.brandName)}</p>`,
    ),
  };
}

export function unsubscribeUrls(site: AlertSite, token: string, lang: AlertLanguage = 'en') {
  return {
    /** Where the mail client POSTs (RFC 8058) and where a plain GET lands on the page. */
    oneClick: `${site.publicBaseUrl}/api/v1/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    page: pageUrl(site.publicBaseUrl, lang, `/alerts/unsubscribe?token=${encodeURIComponent(token)}`),
    mailto: `mailto:${site.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`,
  };
}

export function digestMail(opts: {
  alertId: number;
  to: string;
  query: AlertQuery;
  language: AlertLanguage;
  frequency: AlertFrequency;
  jobs: DigestJob[];
  /** How many matched in all (the digest shows at most ten). */
  total: number;
  unsubscribeToken: string;
  /** Names this digest (alert and mark), so a copy sent twice is recognisably the same message. */
  messageKey: string;
  site: AlertSite;
}): MailMessage {
  const t = alertTexts(opts.language);
  const base = opts.site.publicBaseUrl;
  const what = describeAlert(opts.query, opts.language);
  const params = alertSearchParams(opts.query).toString();
  const lang = opts.language;
  const seeAll = pageUrl(base, lang, `/jobs${params ? `?${params}` : ''}`);
  const dashboard = pageUrl(base, lang, '/dashboard');
  const unsub = unsubscribeUrls(opts.site, opts.unsubscribeToken, lang);
  const freq = opts.frequency === 'weekly' ? t.weekly : t.daily;
  const more = opts.total > opts.jobs.length;
  const jobUrl = (j: DigestJob) => pageUrl(base, lang, `/job/${j.id}`);
  const text = [
    t.digestIntro(what),
    '',
    ...opts.jobs.flatMap((j) => [
      `${j.title} — ${j.spaName}, ${j.location || j.city}`,
      j.salary,
      jobUrl(j),
      '',
    ]),
    `${t.seeAll}: ${seeAll}`,
    '',
    '--',
    t.why(opts.site.brandName, freq),
    `${t.unsubscribe}: ${unsub.page}`,
    `${t.manage}: ${dashboard}`,
  ].join('\n');
  const items = opts.jobs
    .map(
      (j) =>
        `<li style="margin-bottom:12px"><a href="${escapeHtml(jobUrl(j))}"><strong>${escapeHtml(j.title)}</strong></a><br>` +
        `${escapeHtml(j.spaName)}, ${escapeHtml(j.location || j.city)}<br>${escapeHtml(j.salary)}</li>`,
    )
    .join('');
  const domain = (/@([^>\s]+)/.exec(opts.site.unsubscribeMailto)?.[1] ?? 'localhost').toLowerCase();
  return {
    to: opts.to,
    subject: t.digestSubject(opts.jobs.length, more, what),
    text,
    html: html(
      opts.language,
      `<p>${escapeHtml(t.digestIntro(what))}</p><ul style="padding-left:18px">${items}</ul>` +
        `<p><a href="${escapeHtml(seeAll)}">${escapeHtml(t.seeAll)}</a></p>` +
        `<hr><p style="color:#6b7280;font-size:13px">${escapeHtml(t.why(opts.site.brandName, freq))}<br>` +
        `<a href="${escapeHtml(unsub.page)}">${escapeHtml(t.unsubscribe)}</a> · ` +
        `<a href="${escapeHtml(dashboard)}">${escapeHtml(t.manage)}</a></p>`,
    ),
    messageId: `<alert-${opts.messageKey}@${domain}>`,
    headers: {
      'List-Unsubscribe': `<${unsub.oneClick}>, <${unsub.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Alert-Id': String(opts.alertId),
    },
  };
}

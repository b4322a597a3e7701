import type { MailMessage } from './mailer.ts';

export interface StatusMailInput {
  email: string;
  name: string;
  jobTitle: string;
  spaName: string;
  status: string;
  interviewAt: string | null;
  interviewPlace: string | null;
}

const STATUS_TEXT: Record<string, string> = {
  shortlisted: 'You have been shortlisted',
  interview: 'Interview',
  hired: 'You have been hired',
  rejected: 'Not selected this time',
  withdrawn: 'Application withdrawn',
};

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

/** The e-mail a candidate gets when the spa moves the application. */
export function statusMail(
  n: StatusMailInput,
  site: { brandName: string; publicBaseUrl: string },
): MailMessage {
  const headline = STATUS_TEXT[n.status] ?? n.status;
  const lines = [
    `Hello ${n.name || 'there'},`,
    '',
    `Your application for ${n.jobTitle} at ${n.spaName}: ${headline}.`,
  ];
  if (n.status === 'interview' && n.interviewAt) {
    lines.push('', `When: ${when(n.interviewAt)}`, `Where: ${n.interviewPlace ?? ''}`);
  }
  lines.push('', `See all your applications: ${site.publicBaseUrl}/applications`, '', site.brandName);
  return { to: n.email, subject: `${headline}: ${n.jobTitle} at ${n.spaName}`, text: lines.join('\n') };
}

/** The e-mail a spa's employers get about new applications (one per hour at most). */
export function digestMail(
  to: string,
  spaName: string,
  items: { name: string; jobTitle: string }[],
  site: { brandName: string; publicBaseUrl: string },
): MailMessage {
  const n = items.length;
  return {
    to,
    subject: `${n} new application${n === 1 ? '' : 's'} at ${spaName}`,
    text: [
      `${spaName} has ${n} new application${n === 1 ? '' : 's'}:`,
      '',
      ...items.map((i) => `- ${i.name} for ${i.jobTitle}`),
      '',
      `See the applicants: ${site.publicBaseUrl}/employer/applicants`,
      '',
      site.brandName,
    ].join('\n'),
  };
}

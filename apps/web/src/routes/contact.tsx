import { EmailText } from '../components/email-text';
import type { ReactNode } from 'react';
import { Link } from '../lib/locale-router';
import { ContactForm } from '../features/contact/components/contact-form';
import { MailIcon, MapPinIcon, PhoneIcon } from '../components/ui/icons';
import { telLink } from '../lib/format';
import { siteConfig } from '../lib/site-config';
import { usePageTitle } from '../lib/use-page-title';
import { format, t } from '../messages';

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-lg text-brand-800"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold text-stone-900">{title}</h2>
        <div className="mt-1 text-stone-700">{children}</div>
      </div>
    </li>
  );
}

/** /contact: how to reach us, the message form, and where we are. */
export default function ContactPage() {
  usePageTitle(t.contactPage.title);
  const m = t.contactPage;
  const { supportEmail, supportPhone } = siteConfig();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="text-center">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-4xl">{m.title}</h1>
        <p className="mx-auto mt-2 max-w-2xl text-stone-700 sm:text-lg">{m.intro}</p>
      </header>

      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        <InfoCard icon={<MapPinIcon />} title={m.branchTitle}>
          <address className="not-italic">{m.branchText}</address>
        </InfoCard>
        <InfoCard icon={<PhoneIcon />} title={m.phoneTitle}>
          <a
            href={telLink(supportPhone)}
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            {supportPhone}
          </a>
          <p className="text-sm">{m.phoneHours}</p>
        </InfoCard>
        <InfoCard icon={<MailIcon />} title={m.emailTitle}>
          <a
            href={`mailto:${supportEmail}`}
            className="font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            <EmailText email={supportEmail} />
          </a>
          <p className="text-sm">{m.emailPromise}</p>
        </InfoCard>
      </ul>

      <section
        aria-labelledby="contact-form-title"
        className="mx-auto mt-10 max-w-3xl rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h2 id="contact-form-title" className="mb-4 text-xl font-bold text-stone-900">
          {m.formTitle}
        </h2>
        <ContactForm layout="page" defaultSubject="jobs" />
      </section>

      <section aria-labelledby="contact-locations" className="mt-10">
        <h2 id="contact-locations" className="text-xl font-bold text-stone-900">
          {m.locationsTitle}
        </h2>
        <p className="mt-1 text-stone-700">{m.locationsText}</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {m.locations.map((l) => (
            <li key={l.city} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-stone-900">{l.city}</h3>
              <p className="text-sm text-stone-700">
                {l.state} · {l.note}
              </p>
              <Link
                to={`/jobs?${new URLSearchParams({ state: l.state, city: l.city })}`}
                className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-2 hover:underline"
              >
                {format(m.jobsIn, { city: l.city })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { Link } from '../../../lib/locale-router';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../../components/ui/icons';
import { EmailText } from '../../../components/email-text';
import { siteConfig } from '../../../lib/site-config';
import { format, t } from '../../../messages';
import { BrandMark } from './site-header';

const SOCIAL = [
  {
    key: 'facebook',
    d: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8z',
  },
  {
    key: 'instagram',
    d: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01',
  },
  {
    key: 'linkedin',
    d: 'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v2a4 4 0 0 1 7 3v7h-4v-6a2 2 0 0 0-4 0v6h-3z',
  },
  {
    key: 'youtube',
    d: 'M22 12s0-3.5-.5-5a3 3 0 0 0-2-2C18 4.5 12 4.5 12 4.5s-6 0-7.5.5a3 3 0 0 0-2 2C2 8.5 2 12 2 12s0 3.5.5 5a3 3 0 0 0 2 2c1.5.5 7.5.5 7.5.5s6 0 7.5-.5a3 3 0 0 0 2-2c.5-1.5.5-5 .5-5zM10 15.5v-7l6 3.5z',
  },
] as const;

export function SiteFooter() {
  const cfg = siteConfig();
  const f = t.shell.footer;
  // Only the profiles the site has: a link that goes nowhere helps no one.
  const social = SOCIAL.flatMap((s) => {
    const href = cfg.social?.[s.key];
    return href ? [{ ...s, href }] : [];
  });
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-900 text-stone-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2">
            <BrandMark />
            <span className="text-lg font-bold text-white">{cfg.brandName}</span>
          </div>
          <p className="mt-3 text-sm text-stone-300">{f.tagline}</p>
        </div>
        <nav aria-label={f.quickLinks}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{f.quickLinks}</h2>
          <ul className="mt-3 space-y-1 text-sm">
            {[
              { to: '/', label: t.shell.nav.home },
              { to: '/spas', label: f.spas },
              { to: '/jobs-india', label: f.allJobs },
              { to: '/about', label: t.shell.nav.about },
              { to: '/contact', label: t.shell.nav.contact },
              { to: '/privacy', label: f.privacyPolicyTitle },
              { to: '/terms', label: f.termsTitle },
              { to: '/employer/login', label: f.forEmployers },
            ].map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="inline-block py-1 text-stone-300 hover:text-white hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{f.contactUs}</h2>
          <ul className="mt-3 space-y-3 text-sm">
            <li className="flex items-start gap-2">
              <MailIcon size={18} className="mt-0.5 shrink-0 text-brand-200" />
              <span>
                <span className="sr-only">{f.emailLabel}: </span>
                <a href={`mailto:${cfg.supportEmail}`} className="text-stone-200 hover:underline">
                  <EmailText email={cfg.supportEmail} />
                </a>
              </span>
            </li>
            <li className="flex items-start gap-2">
              <PhoneIcon size={18} className="mt-0.5 shrink-0 text-brand-200" />
              <span>
                <span className="sr-only">{f.phoneLabel}: </span>
                <a
                  href={`tel:${cfg.supportPhone.replace(/[^\d+]/g, '')}`}
                  className="text-stone-200 hover:underline"
                >
                  {cfg.supportPhone}
                </a>
              </span>
            </li>
            <li className="flex items-start gap-2">
              <MapPinIcon size={18} className="mt-0.5 shrink-0 text-brand-200" />
              <span>
                <span className="font-semibold text-white">{f.headOffice}: </span>
                {f.headOfficeAddress}
              </span>
            </li>
          </ul>
        </div>
        {social.length > 0 && (
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{f.followUs}</h2>
            <ul className="mt-3 flex gap-2">
              {social.map((s) => (
                <li key={s.key}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={f.social[s.key]}
                    className="flex size-11 items-center justify-center rounded-full bg-stone-800 text-stone-100 hover:bg-brand-700"
                  >
                    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
                      <path d={s.d} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="border-t border-stone-800">
        {/* Room at the bottom on phones, so the floating help button covers none of this text. */}
        <div className="mx-auto max-w-7xl space-y-1 px-4 pb-16 pt-4 text-xs sm:pb-4 text-stone-400 sm:flex sm:items-center sm:justify-between sm:space-y-0">
          <p>{format(f.copyright, { brand: cfg.brandName })}</p>
          <p>
            {f.guestNoteBefore}
            <Link to="/privacy" className="underline underline-offset-2 hover:text-white">
              {f.privacyPolicy}
            </Link>
            {f.guestNoteAnd}
            <Link to="/terms" className="underline underline-offset-2 hover:text-white">
              {f.terms}
            </Link>
            {f.guestNoteAfter}
          </p>
        </div>
      </div>
    </footer>
  );
}

import { Link } from '../../../lib/locale-router';
import { VerifiedBadge } from '../../../components/verified-badge';
import type { Spa } from '@spajobs/contract/spa';
import { buttonClass } from '../../../components/ui/button';
import {
  ClockIcon,
  DirectionsIcon,
  GlobeIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
} from '../../../components/ui/icons';
import { assetUrl, telLink } from '../../../lib/format';
import { EmailText } from '../../../components/email-text';
import { format, t } from '../../../messages';
import { directionsUrl } from '../lib/spa-display';
import { SpaInitials } from './spa-initials';
import { StarRating } from './star-rating';

const m = t.spas.detail;

function Row({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <div className="relative min-w-0 pl-8">
      <dt className="text-xs font-semibold uppercase tracking-wide text-stone-600">
        <span className="absolute left-0 top-0.5 text-brand-700">{icon}</span>
        {label}
      </dt>
      <dd className="break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** The head of the spa page: logo, name, rating, contact details, hours, website and directions. */
export function SpaProfile({ spa }: { spa: Spa }) {
  const logo = assetUrl(spa.logo);
  const directions = directionsUrl(spa);
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex items-start gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-brand-50 sm:size-24">
          {logo ? (
            <img
              src={logo}
              alt={format(m.logoAlt, { name: spa.name })}
              width={96}
              height={96}
              className="size-full object-contain p-2"
            />
          ) : (
            <SpaInitials name={spa.name} className="size-full text-2xl sm:text-3xl" />
          )}
        </div>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold leading-tight text-stone-900 sm:text-3xl">{spa.name}</h1>
          {spa.verified ? (
            <VerifiedBadge className="mt-1" />
          ) : (
            <Link
              to={`/employer?claim=${spa._id}`}
              className="mt-1 inline-block text-sm text-stone-700 underline underline-offset-2 hover:text-brand-800"
            >
              {t.trust.claimSpa}
            </Link>
          )}
          <p className="mt-1 text-brand-800">{spa.category || t.spas.card.defaultCategory}</p>
          <div className="mt-2">
            <StarRating rating={spa.rating} reviews={spa.reviews} size={18} />
          </div>
        </div>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <Row icon={<PhoneIcon size={18} />} label={m.phone}>
          {spa.phone ? (
            <a href={telLink(spa.phone)} className="font-medium text-brand-800 underline">
              {spa.phone}
            </a>
          ) : (
            m.notListed
          )}
        </Row>
        <Row icon={<MailIcon size={18} />} label={m.email}>
          {spa.email ? (
            <a href={`mailto:${spa.email}`} className="font-medium text-brand-800 underline">
              <EmailText email={spa.email} />
            </a>
          ) : (
            m.notListed
          )}
        </Row>
        <Row icon={<MapPinIcon size={18} />} label={m.address}>
          {spa.fullAddress}
        </Row>
        <Row icon={<ClockIcon size={18} />} label={m.hours}>
          {m.opening} {spa.openingHours ?? m.notListed} · {m.closing} {spa.closingHours ?? m.notListed}
        </Row>
      </dl>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {spa.website && (
          <a
            href={spa.website}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('primary', 'lg')}
          >
            <GlobeIcon size={18} />
            {m.visitWebsite}
          </a>
        )}
        {directions && (
          <a
            href={directions}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary', 'lg')}
          >
            <DirectionsIcon size={18} />
            {m.getDirections}
          </a>
        )}
      </div>
    </div>
  );
}

/** The page's shape while the spa loads. */
export function SpaProfileSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-8">
      <div className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6">
        <div className="flex gap-4">
          <div className="size-20 rounded-xl bg-stone-200 sm:size-24" />
          <div className="flex-1 space-y-2">
            <div className="h-7 w-2/3 rounded bg-stone-200" />
            <div className="h-4 w-1/4 rounded bg-stone-200" />
            <div className="h-4 w-1/3 rounded bg-stone-200" />
          </div>
        </div>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-11 rounded bg-stone-200" />
          ))}
        </div>
        <div className="mt-6 h-12 w-48 rounded-lg bg-stone-200" />
      </div>
      <div className="h-56 rounded-xl bg-stone-200" />
    </div>
  );
}

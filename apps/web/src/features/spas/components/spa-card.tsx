import { VerifiedBadge } from '../../../components/verified-badge';
import { Link } from '../../../lib/locale-router';
import type { Spa } from '@spajobs/contract/spa';
import {
  BriefcaseIcon,
  DirectionsIcon,
  GlobeIcon,
  MapPinIcon,
  ShareIcon,
} from '../../../components/ui/icons';
import { assetUrl } from '../../../lib/format';
import { siteConfig } from '../../../lib/site-config';
import { format, localePath, t } from '../../../messages';
import { shareLink } from '../lib/share';
import { directionsUrl, formatKm, openJobsLabel } from '../lib/spa-display';
import { SpaInitials } from './spa-initials';
import { StarRating } from './star-rating';

const action =
  'relative z-10 inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold';
const actionLink = `${action} bg-brand-50 text-brand-800 hover:bg-brand-100`;

/** A spa in a grid: logo, distance, name, category, rating, address and four actions. Opens the spa. */
export function SpaCard({ spa, headingLevel = 3 }: { spa: Spa; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const c = t.spas.card;
  const logo = assetUrl(spa.logo);
  const directions = directionsUrl(spa);
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="relative h-36 bg-brand-50">
        {logo ? (
          <img
            src={logo}
            alt={format(t.spas.detail.logoAlt, { name: spa.name })}
            width={320}
            height={144}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-contain p-4"
          />
        ) : (
          <SpaInitials name={spa.name} className="h-full text-4xl" />
        )}
        {spa.distance !== undefined && (
          <span className="absolute left-3 top-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-bold text-brand-800 shadow-sm">
            {format(c.distance, { km: formatKm(spa.distance) })}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <Heading className="text-base font-semibold leading-snug text-stone-900">
          <Link
            to={`/spa/${spa._id}`}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none"
          >
            {spa.name}
          </Link>
        </Heading>
        {spa.verified && <VerifiedBadge className="mt-1 self-start" />}
        <p className="mt-1 text-sm text-brand-800">{spa.category || c.defaultCategory}</p>
        <div className="mt-2">
          <StarRating rating={spa.rating} reviews={spa.reviews} />
        </div>
        <p className="mt-2 flex gap-1.5 text-sm text-stone-700">
          <MapPinIcon size={16} className="mt-0.5 shrink-0 text-stone-500" />
          <span className="line-clamp-2">{spa.fullAddress}</span>
        </p>
        <div className="mt-auto grid grid-cols-2 gap-2 pt-4">
          {spa.website ? (
            <a
              href={spa.website}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={format(c.websiteLabel, { name: spa.name })}
              className={actionLink}
            >
              <GlobeIcon size={16} />
              {c.website}
            </a>
          ) : (
            <button type="button" disabled className={`${action} bg-stone-100 text-stone-500`}>
              <GlobeIcon size={16} />
              {c.website}
            </button>
          )}
          {directions ? (
            <a
              href={directions}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={format(c.directionsLabel, { name: spa.name })}
              className={actionLink}
            >
              <DirectionsIcon size={16} />
              {c.directions}
            </a>
          ) : (
            <button type="button" disabled className={`${action} bg-stone-100 text-stone-500`}>
              <DirectionsIcon size={16} />
              {c.directions}
            </button>
          )}
          <span
            className={`${action} text-stone-800 ${spa.openJobs > 0 ? 'bg-amber-50 text-amber-900' : 'bg-stone-50'}`}
          >
            <BriefcaseIcon size={16} />
            {openJobsLabel(spa.openJobs)}
          </span>
          <button
            type="button"
            aria-label={format(c.shareLabel, { name: spa.name })}
            className={`${action} bg-brand-50 text-brand-800 hover:bg-brand-100`}
            onClick={() =>
              void shareLink({
                title: spa.name,
                text: format(c.shareText, { name: spa.name, brand: siteConfig().brandName }),
                // Read when shared: the card is also drawn on the server, where there is no window.
                url: `${window.location.origin}${localePath(`/spa/${spa._id}`)}`,
              })
            }
          >
            <ShareIcon size={16} />
            {c.share}
          </button>
        </div>
      </div>
    </article>
  );
}

/** The card's shape while loading, at its final height. */
export function SpaCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="h-[412px] animate-pulse overflow-hidden rounded-xl border border-stone-200 bg-white"
    >
      <div className="h-36 bg-stone-200" />
      <div className="space-y-2 p-4">
        <div className="h-5 w-3/4 rounded bg-stone-200" />
        <div className="h-4 w-1/3 rounded bg-stone-200" />
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="h-4 w-full rounded bg-stone-200" />
        <div className="grid grid-cols-2 gap-2 pt-3">
          <div className="h-11 rounded-lg bg-stone-200" />
          <div className="h-11 rounded-lg bg-stone-200" />
          <div className="h-11 rounded-lg bg-stone-200" />
          <div className="h-11 rounded-lg bg-stone-200" />
        </div>
      </div>
    </div>
  );
}

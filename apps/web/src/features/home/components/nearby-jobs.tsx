import { Link } from '../../../lib/locale-router';
import { DEFAULT_RADIUS_KM } from '@spajobs/contract/constants';
import { buttonClass } from '../../../components/ui/button';
import { JobCard, JobCardSkeleton } from '../../../components/job-card';
import { MapPinIcon } from '../../../components/ui/icons';
import { useChosenPlace } from '../../../lib/chosen-place';
import { useGeolocation } from '../../../lib/use-geolocation';
import { format, t } from '../../../messages';
import { NEARBY_JOBS_LIMIT, useNearbyJobs } from '../api/get-nearby-jobs';

/** "19.1197,72.8468": the job listing's way of keeping a place in its link. */
const nearParam = (lat: number, lng: number) => `${lat.toFixed(4)},${lng.toFixed(4)}`;

/**
 * The first thing on the home page once the place is known (the device's
 * location, or the city the candidate chose): the nearest open jobs, each
 * with its distance, and the way to all of them.
 */
export function NearbyJobs() {
  const geo = useGeolocation();
  const { chosen } = useChosenPlace();
  const device = geo.state.status === 'granted' ? { lat: geo.state.lat, lng: geo.state.lng } : null;
  const at = device ?? (chosen ? { lat: chosen.lat, lng: chosen.lng } : null);
  const place = device ? t.jobs.yourLocation : chosen ? `${chosen.city}, ${chosen.state}` : '';
  const q = useNearbyJobs(at, DEFAULT_RADIUS_KM);
  if (!at) return null;

  const all = `/jobs?${new URLSearchParams({
    near: nearParam(at.lat, at.lng),
    place,
    radius: String(DEFAULT_RADIUS_KM),
    sort: 'nearest',
  })}`;
  return (
    <section aria-labelledby="nearby-jobs-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="nearby-jobs-title" className="text-2xl font-bold text-stone-900">
            {t.jobs.nearbyJobsTitle}
          </h2>
          <p className="mt-1 flex items-center gap-1.5 text-stone-700">
            <MapPinIcon size={16} className="shrink-0 text-brand-700" />
            {format(t.jobs.nearPlace, { place })}
          </p>
        </div>
        <Link to={all} className={buttonClass('secondary')}>
          {t.jobs.nearbyJobsSeeAll}
        </Link>
      </div>
      {q.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: NEARBY_JOBS_LIMIT }, (_, i) => (
            <li key={i}>
              <JobCardSkeleton />
            </li>
          ))}
        </ul>
      ) : q.data && q.data.data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {q.data.data.map((job) => (
            <li key={job._id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-stone-700">{format(t.jobs.nearbyJobsNone, { km: DEFAULT_RADIUS_KM })}</p>
      )}
    </section>
  );
}

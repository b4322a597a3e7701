import { Link } from '../../../lib/locale-router';
import type { Job } from '@spajobs/contract/job';
import { JobCard } from '../../../components/job-card';
import { buttonClass } from '../../../components/ui/button';
import { format, t } from '../../../messages';
import { useSimilarJobs } from '../api/get-similar-jobs';

/** Under a closed job: open jobs of the same kind in the same city, and the way to all jobs there. */
export function SimilarJobs({ job }: { job: Job }) {
  const q = useSimilarJobs(job);
  const jobs = q.data?.data ?? [];
  return (
    <section aria-labelledby="similar-jobs" className="mx-auto max-w-6xl space-y-4 px-4 pb-10 sm:px-6">
      <h2 id="similar-jobs" className="text-xl font-bold text-stone-900">
        {t.jobs.similarTitle}
      </h2>
      {jobs.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {jobs.map((j) => (
            <li key={j._id}>
              <JobCard job={j} />
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`/jobs?${new URLSearchParams({ state: job.state, city: job.city }).toString()}`}
        className={buttonClass('secondary')}
      >
        {format(t.jobs.similarIn, { city: job.city })}
      </Link>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link } from '../../../lib/locale-router';
import type { Job } from '@spajobs/contract/job';
import { buttonClass } from '../../../components/ui/button';
import { formatCount, relativePostedTime, telLink, whatsappLink } from '../../../lib/format';
import { siteConfig } from '../../../lib/site-config';
import { format, t } from '../../../messages';
import { ChatIcon, MapPinIcon, PhoneIcon } from '../../../components/ui/icons';
import { ApplyNowButton } from './apply-now-button';
import { ShareJob } from './share-job';
import { ReportJob } from './report-job';
import { VerifiedBadge } from '../../../components/verified-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-stone-50 p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-stone-600">{label}</dt>
      <dd className="mt-0.5 font-semibold text-stone-900">{children}</dd>
    </div>
  );
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.replace(/^[\s•*-]+/, '').trim())
    .filter(Boolean);

/** Every field of a job (spec section 2, Job detail), with the ways to apply and to reach HR. */
export function JobDetailView({ job }: { job: Job }) {
  const requirements = lines(job.requirements);
  const views = job.views === 1 ? t.jobs.viewsOne : format(t.jobs.views, { count: formatCount(job.views) });
  const spaLink = `/spa/${job.spa._id}`;

  return (
    <article className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <nav aria-label={t.jobs.breadcrumb} className="mb-4 text-sm">
        <Link to="/jobs" className="font-medium text-brand-800 underline-offset-2 hover:underline">
          <span aria-hidden="true">← </span>
          {t.jobs.backToJobs}
        </Link>
      </nav>

      {/* One column on phones with the apply buttons right under the summary; two columns on desktop. */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[1fr_20rem] lg:items-start lg:gap-8">
        <div className="contents min-w-0 lg:flex lg:flex-col lg:gap-4">
          <header className="order-1 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-start gap-2">
              <h1 className="min-w-0 flex-1 text-2xl font-bold leading-tight text-stone-900 sm:text-3xl">
                {job.title}
              </h1>
              {job.isNewJob && (
                <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold text-amber-900">
                  {t.jobs.newBadge}
                </span>
              )}
            </div>
            <p className="mt-2 text-lg text-stone-800">
              <Link to={spaLink} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                {job.spa.name}
              </Link>
              {job.spa.verified && <VerifiedBadge className="ml-2 align-middle" />}
            </p>
            {job.status === 'closed' && (
              <p role="status" className="mt-3 rounded-lg bg-stone-100 p-3 font-semibold text-stone-800">
                {t.trust.jobClosed}
              </p>
            )}
            <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
              <span>
                <MapPinIcon size={16} className="mr-1 inline-block align-[-3px] text-brand-700" />
                {job.location}
                {job.state && !job.location.includes(job.state) ? `, ${job.state}` : ''}
              </span>
              <span>{views}</span>
            </p>

            <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
              <Fact label={t.jobs.salary}>{job.salary}</Fact>
              <Fact label={t.jobs.experience}>{job.experience}</Fact>
              <Fact label={t.jobs.category}>{job.category}</Fact>
              <Fact label={t.jobs.posted}>{relativePostedTime(job.postedOn)}</Fact>
              <Fact label={t.jobs.gender}>{job.gender}</Fact>
              <Fact label={t.jobs.vacancies}>{job.vacancies}</Fact>
            </dl>
          </header>

          <section
            aria-labelledby="job-description"
            className="order-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
          >
            <h2 id="job-description" className="text-lg font-semibold text-stone-900">
              {t.jobs.description}
            </h2>
            <p className="mt-2 whitespace-pre-line leading-relaxed text-stone-800">{job.description}</p>
          </section>

          {requirements.length > 0 && (
            <section
              aria-labelledby="job-requirements"
              className="order-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
            >
              <h2 id="job-requirements" className="text-lg font-semibold text-stone-900">
                {t.jobs.requirements}
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
                {requirements.map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <div className="contents lg:flex lg:flex-col lg:gap-4">
          <div className="order-2 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
            {job.status !== 'closed' && (
              <>
                <ApplyNowButton jobId={job._id} />
                <Link
                  to={`/apply/${job._id}`}
                  state={{ job }}
                  className={buttonClass('secondary', 'lg', 'mt-3 w-full')}
                >
                  {t.jobs.applyAsGuest}
                </Link>
              </>
            )}
            <ShareJob job={job} />
            <ReportJob jobId={job._id} />
          </div>

          <section
            aria-labelledby="contact-hr"
            className="order-5 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
          >
            <h2 id="contact-hr" className="text-lg font-semibold text-stone-900">
              {t.jobs.contactHr}
            </h2>
            {job.hrPhone || job.hrWhatsapp ? (
              <div className="mt-3 grid grid-cols-2 gap-2">
                {job.hrPhone && (
                  <a href={telLink(job.hrPhone)} className={buttonClass('secondary', 'md')}>
                    <PhoneIcon size={18} />
                    {t.jobs.callHr}
                  </a>
                )}
                {(job.hrWhatsapp ?? job.hrPhone) && (
                  <a
                    href={whatsappLink(
                      job.hrWhatsapp ?? job.hrPhone ?? '',
                      format(t.jobs.whatsappHrText, {
                        title: job.title,
                        spa: job.spa.name,
                        id: job._id,
                        brand: siteConfig().brandName,
                      }),
                    )}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass('secondary', 'md')}
                  >
                    <ChatIcon size={18} />
                    {t.jobs.whatsappHr}
                  </a>
                )}
              </div>
            ) : (
              <p className="mt-2 text-sm text-stone-700">{t.jobs.noHrContact}</p>
            )}
          </section>

          <section
            aria-labelledby="job-location"
            className="order-6 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
          >
            <h2 id="job-location" className="text-lg font-semibold text-stone-900">
              {t.jobs.location}
            </h2>
            <p className="mt-2 text-stone-800">
              {job.city}, {job.state}
            </p>
            <h3 className="mt-3 text-sm font-medium text-stone-600">{t.jobs.spaAddress}</h3>
            <address className="mt-0.5 not-italic text-stone-800">{job.spa.fullAddress}</address>
            <div className="mt-4 flex flex-col gap-2">
              <Link to={spaLink} className={buttonClass('ghost', 'md', 'justify-start')}>
                {t.jobs.viewSpa}: {job.spa.name}
              </Link>
              <Link to="/jobs" className={buttonClass('ghost', 'md', 'justify-start')}>
                {t.jobs.allJobs}
              </Link>
            </div>
          </section>
        </div>
      </div>
    </article>
  );
}

/** The page's shape while the job loads. */
export function JobDetailSkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8" aria-busy="true">
      <p role="status" className="sr-only">
        {t.jobs.detailLoading}
      </p>
      <div className="mb-4 h-5 w-32 animate-pulse rounded bg-stone-200" />
      <div className="lg:grid lg:grid-cols-[1fr_20rem] lg:gap-8">
        <div className="h-80 animate-pulse rounded-xl bg-stone-200" />
        <div className="mt-4 h-48 animate-pulse rounded-xl bg-stone-200 lg:mt-0" />
      </div>
    </div>
  );
}

import { Link } from '../../../lib/locale-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/states';
import { t } from '../../../messages';

/** A job address that names no job (the server answers it with 404). */
export function JobNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <EmptyState
        title={t.jobs.notFoundTitle}
        text={t.jobs.notFoundText}
        action={
          <Link to="/jobs" className={buttonClass('primary')}>
            {t.jobs.allJobs}
          </Link>
        }
      />
    </div>
  );
}

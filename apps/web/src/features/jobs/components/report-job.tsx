import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { t } from '../../../messages';

// The form and its schema load only when someone opens it.
const ReportJobForm = lazy(() => import('./report-job-form'));

/** "Report this job": a quiet link that opens a short form. */
export function ReportJob({ jobId }: { jobId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4 border-t border-stone-200 pt-3">
      {open ? (
        <Suspense fallback={<p className="text-sm text-stone-600">{t.common.loading}</p>}>
          <ReportJobForm jobId={jobId} onCancel={() => setOpen(false)} />
        </Suspense>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-expanded={false}>
          {t.trust.reportJob}
        </Button>
      )}
    </div>
  );
}

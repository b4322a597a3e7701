import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { REPORT_REASONS, reportPayload } from '@spajobs/contract/employer';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { ruleText, t } from '../../../messages';
import { useReportJob } from '../api/report-job';

export default function ReportJobForm({ jobId, onCancel }: { jobId: string; onCancel: () => void }) {
  const report = useReportJob(jobId);
  const form = useForm<z.input<typeof reportPayload>, unknown, z.output<typeof reportPayload>>({
    resolver: zodResolver(reportPayload),
  });
  const { errors } = form.formState;
  if (report.isSuccess)
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
        {report.data.message}
      </p>
    );
  return (
    <form
      noValidate
      className="space-y-3"
      aria-label={t.trust.reportTitle}
      onSubmit={form.handleSubmit((v) => report.mutate(v))}
    >
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">{t.trust.reportReason}</legend>
        <div className="mt-1 space-y-1">
          {REPORT_REASONS.map((r) => (
            <label key={r} className="flex min-h-9 items-center gap-2 text-sm text-stone-800">
              <input
                type="radio"
                value={r}
                className="size-4 accent-brand-700"
                {...form.register('reason')}
              />
              {t.trust.reportReasons[r]}
            </label>
          ))}
        </div>
        {errors.reason && (
          <p role="alert" className="text-sm text-red-700">
            {ruleText(errors.reason.message)}
          </p>
        )}
      </fieldset>
      <TextAreaField label={t.trust.reportDetails} {...form.register('details')} />
      {report.isError && (
        <p role="alert" className="text-sm text-red-700">
          {report.error instanceof ApiError ? report.error.message : t.trust.reportFailed}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={report.isPending}>
          {t.trust.sendReport}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t.common.close}
        </Button>
      </div>
    </form>
  );
}

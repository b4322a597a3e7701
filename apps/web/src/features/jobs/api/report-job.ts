import { useMutation } from '@tanstack/react-query';
import type { ReportPayload } from '@spajobs/contract/employer';
import { apiRequest } from '../../../lib/api-client';

/** POST /spajobs/:id/report */
export const reportJob = (jobId: string, body: ReportPayload) =>
  apiRequest<{ message: string }>(`/spajobs/${jobId}/report`, { method: 'POST', body });

export const useReportJob = (jobId: string) =>
  useMutation({ mutationFn: (body: ReportPayload) => reportJob(jobId, body) });

import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

interface ApplyResponse {
  success: true;
  message: string;
  applicationId: string;
}

/** POST /application/apply/user: the signed-in candidate applies (bearer token). */
export function applyToJob(jobId: string): Promise<ApplyResponse> {
  return apiRequest<ApplyResponse>('/application/apply/user', { method: 'POST', body: { jobId } });
}

export function useApplyToJob() {
  return useMutation({ mutationFn: applyToJob });
}

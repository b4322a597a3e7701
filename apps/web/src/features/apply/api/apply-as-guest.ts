import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { t } from '../../../messages';

export interface GuestApplication {
  job: string;
  name: string;
  email: string | null;
  phone: string | null;
  resume: File | null;
}

interface ApplyResponse {
  success: true;
  message: string;
  applicationId: string;
}

/** The multipart body the API reads: job, guestInfo[name], guestInfo[email], guestInfo[phone], resume. */
export function guestApplicationFormData(a: GuestApplication): FormData {
  const fd = new FormData();
  fd.set('job', a.job);
  fd.set('guestInfo[name]', a.name);
  if (a.email) fd.set('guestInfo[email]', a.email);
  if (a.phone) fd.set('guestInfo[phone]', a.phone);
  if (a.resume) fd.set('resume', a.resume, a.resume.name);
  return fd;
}

/** POST /application/apply/guest */
export function applyAsGuest(a: GuestApplication): Promise<ApplyResponse> {
  return apiRequest<ApplyResponse>('/application/apply/guest', {
    method: 'POST',
    body: guestApplicationFormData(a),
    auth: false,
  });
}

export function useApplyAsGuest() {
  return useMutation({ mutationFn: applyAsGuest });
}

/** Section 8, "Guest apply", with decisions.md's readings for 404 and applying twice. */
export function guestApplyErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return t.jobs.guestFailed;
  if (err.isNetwork) return t.common.networkError;
  const serverMessage = (err.body as { message?: string; error?: string } | undefined)?.message;
  if (err.status === 400) return serverMessage || t.jobs.guestBadRequest;
  if (err.status === 404) return t.jobs.guestJobNotFound;
  if (err.status === 409) return t.jobs.alreadyApplied;
  if (err.status === 413) return t.jobs.guestTooLarge;
  if (err.status >= 500) return t.jobs.guestServerError;
  const serverError = (err.body as { error?: string } | undefined)?.error;
  return serverMessage || serverError || t.jobs.guestFailed;
}

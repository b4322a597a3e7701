import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../../../lib/session';

const adminKey = [...ACCOUNT_QUERY_KEY, 'admin'] as const;

export interface PendingSpa {
  _id: string;
  name: string;
  fullAddress: string;
  phone: string | null;
  owner: string | null;
}
export interface PendingJob {
  _id: string;
  title: string;
  salary: string;
  spa: { _id: string; name: string; verification: string };
}
export interface JobReport {
  _id: string;
  reason: string;
  details: string | null;
  job: { _id: string; title: string; spaName: string };
}
export interface AdminUser {
  _id: string;
  email: string;
  phone: string | null;
  name: string;
  role: string;
  disabled: boolean;
}
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

const useList = <T>(path: string, query?: Record<string, string>) =>
  useQuery({
    queryKey: [...adminKey, path, query],
    queryFn: ({ signal }) =>
      apiRequest<{ data: T[] }>(path, { signal, ...(query ? { query } : {}) }).then((r) => r.data),
  });

/** GET /admin/stats */
export const useAdminStats = () =>
  useQuery({
    queryKey: [...adminKey, 'stats'],
    queryFn: ({ signal }) =>
      apiRequest<{ stats: Record<string, number> }>('/admin/stats', { signal }).then((r) => r.stats),
  });
/** GET /admin/spas/pending */
export const usePendingSpas = () => useList<PendingSpa>('/admin/spas/pending');
/** GET /admin/jobs/pending */
export const usePendingJobs = () => useList<PendingJob>('/admin/jobs/pending');
/** GET /admin/reports */
export const useReports = () => useList<JobReport>('/admin/reports');
/** GET /admin/users */
export const useAdminUsers = (q: string) => useList<AdminUser>('/admin/users', { q });
/** GET /admin/messages */
export const useContactMessages = () => useList<ContactMessage>('/admin/messages');

/** Any admin action (POST); every admin list is read again afterwards. */
export function useAdminAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: object }) =>
      apiRequest(path, { method: 'POST', ...(body ? { body } : {}) }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKey }),
  });
}

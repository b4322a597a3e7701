import { Button } from '../components/ui/button';
import {
  AdminStats,
  MessagesPanel,
  PendingJobsPanel,
  PendingSpasPanel,
  ReportsPanel,
  UsersPanel,
} from '../features/admin/components/admin-panels';
import { downloadWithToken } from '../features/employer/api/applicants';
import { RequireStaff } from '../features/employer/components/require-staff';
import { usePageTitle } from '../lib/use-page-title';
import { adminText as a } from '../features/admin/messages';

function AdminDashboard() {
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">{a.title}</h1>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void downloadWithToken('/admin/export/jobs.csv', 'jobs.csv')}
          >
            {a.exportJobs}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void downloadWithToken('/admin/export/applications.csv', 'applications.csv')}
          >
            {a.exportApplications}
          </Button>
        </div>
      </div>
      <AdminStats />
      <div className="grid gap-8 lg:grid-cols-2">
        <PendingSpasPanel />
        <PendingJobsPanel />
        <ReportsPanel />
        <MessagesPanel />
      </div>
      <UsersPanel />
    </div>
  );
}

export default function AdminPage() {
  usePageTitle(a.title);
  return (
    <RequireStaff roles={['admin']}>
      <AdminDashboard />
    </RequireStaff>
  );
}

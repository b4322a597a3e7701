import { JobListing } from '../features/jobs/components/job-listing';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

export default function JobsPage() {
  usePageTitle(t.jobs.listTitle);
  return <JobListing />;
}

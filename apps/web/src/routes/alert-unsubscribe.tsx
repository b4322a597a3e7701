import { UnsubscribeAlertPage } from '../features/alerts/components/alert-link-pages';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

export default function AlertUnsubscribeRoute() {
  usePageTitle(t.alerts.unsubscribeTitle);
  return <UnsubscribeAlertPage />;
}

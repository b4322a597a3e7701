import { ConfirmAlertPage } from '../features/alerts/components/alert-link-pages';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

export default function AlertConfirmRoute() {
  usePageTitle(t.alerts.confirmTitle);
  return <ConfirmAlertPage />;
}

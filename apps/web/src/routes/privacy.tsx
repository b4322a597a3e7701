import { t } from '../messages';
import { LegalPage } from './legal-page';

/** /privacy: what is collected, why, for how long, and how to delete it. */
export default function PrivacyPage() {
  return <LegalPage text={t.legal.privacy} />;
}

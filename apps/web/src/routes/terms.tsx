import { t } from '../messages';
import { LegalPage } from './legal-page';

/** /terms: the terms of use of the job board. */
export default function TermsPage() {
  return <LegalPage text={t.legal.terms} />;
}

import { data } from 'react-router';
import { Link } from '../lib/locale-router';
import { buttonClass } from '../components/ui/button';
import { EmptyState } from '../components/ui/states';
import { t } from '../messages';
import { usePageTitle } from '../lib/use-page-title';
import { serverLoader } from '../lib/server-loader';

/** An address the site does not have answers 404. */
export const loader = serverLoader(async () => data(null, { status: 404, statusText: 'Not Found' }));

export default function NotFoundPage() {
  usePageTitle(t.common.notFoundTitle);
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <EmptyState
        title={t.common.notFoundTitle}
        text={t.common.notFoundText}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {t.common.goHome}
          </Link>
        }
      />
    </div>
  );
}

import { ErrorPanel } from '../components/ui/states';
import { t } from '../messages';
import { HydratedMark } from '../lib/hydrated-mark';

/** Shown when a screen fails to load or throws (for example a chunk lost after a deploy). */
export function RouteError() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <ErrorPanel
        title={t.common.routeErrorTitle}
        message={t.common.routeErrorText}
        onRetry={() => window.location.reload()}
        retryLabel={t.jobs.reloadPage}
      />
      <HydratedMark />
    </div>
  );
}

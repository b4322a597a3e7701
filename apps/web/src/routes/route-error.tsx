import { ErrorPanel } from '../components/ui/states';

/** Shown when a screen fails to load or throws (for example a chunk lost after a deploy). */
export function RouteError() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <ErrorPanel
        title="Something went wrong"
        message="This page could not be shown. Please reload and try again."
        onRetry={() => window.location.reload()}
        retryLabel="Reload Page"
      />
    </div>
  );
}

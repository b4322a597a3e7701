import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { t } from '../../messages';
import { Button } from './button';

/** A grey block that holds the place of content still loading, at its final size. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-stone-200', className)} />;
}

export function Spinner({ label = t.common.loading }: { label?: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-stone-700">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
      />
      <span>{label}</span>
    </span>
  );
}

/** Full-area loading state for a page or panel. */
export function LoadingScreen({ label = t.common.loading }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-8">
      <Spinner label={label} />
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

export function EmptyState({ title, text, action, icon, className }: EmptyStateProps) {
  return (
    <div
      className={cn('rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center', className)}
    >
      {icon && <div className="mx-auto mb-3 flex justify-center text-brand-700">{icon}</div>}
      <h2 className="text-lg font-semibold text-stone-900">{title}</h2>
      {text && <p className="mt-2 text-stone-700">{text}</p>}
      {action && <div className="mt-4 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}

export interface ErrorPanelProps {
  title: string;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  action?: ReactNode;
  className?: string;
}

export function ErrorPanel({
  title,
  message,
  onRetry,
  retryLabel = t.common.tryAgain,
  action,
  className,
}: ErrorPanelProps) {
  return (
    <div role="alert" className={cn('rounded-xl border border-red-200 bg-red-50 p-6 text-center', className)}>
      <h2 className="text-lg font-semibold text-red-800">{title}</h2>
      {message && <p className="mt-2 text-red-800">{message}</p>}
      {(onRetry || action) && (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              {retryLabel}
            </Button>
          )}
          {action}
        </div>
      )}
    </div>
  );
}

export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cn('rounded-xl border border-stone-200 bg-white shadow-sm', className)}>{children}</div>
  );
}

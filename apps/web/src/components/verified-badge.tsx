import { t } from '../messages';

/** Shown on spas (and their jobs) that an admin has checked. */
export function VerifiedBadge({ className = '' }: { className?: string }) {
  return (
    <span
      title={t.trust.verifiedHint}
      className={`inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
      >
        <path d="M5 12l5 5L20 7" />
      </svg>
      {t.trust.verified}
    </span>
  );
}

import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { assetUrl } from '../../../lib/format';

export function initials(first?: string | null, last?: string | null): string {
  const s = `${first?.trim()[0] ?? ''}${last?.trim()[0] ?? ''}`.toUpperCase();
  return s || '?';
}

/** The account's photo, else its initials (also when the photo fails to load). Decorative: the name is shown beside it. */
export function Avatar({
  photo,
  firstname,
  lastname,
  className,
}: {
  photo?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  className?: string;
}) {
  const src = assetUrl(photo);
  const [failed, setFailed] = useState<string | null>(null);
  const base = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', className);
  if (src && failed !== src) {
    return (
      <span className={base}>
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(src)} />
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={cn(base, 'bg-brand-700 text-sm font-bold text-white')}>
      {initials(firstname, lastname)}
    </span>
  );
}

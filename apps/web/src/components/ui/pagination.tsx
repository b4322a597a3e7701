import { cn } from '../../lib/cn';
import { t } from '../../messages';

/** Page numbers in a window of `window` around the current page, with ellipses and the first and last page. */
export function pageItems(page: number, pages: number, window = 5): (number | 'gap')[] {
  if (pages <= window + 2) return Array.from({ length: pages }, (_, i) => i + 1);
  const half = Math.floor(window / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(pages, start + window - 1);
  start = Math.max(1, end - window + 1);
  const out: (number | 'gap')[] = [];
  if (start > 1) out.push(1);
  if (start > 2) out.push('gap');
  for (let p = start; p <= end; p++) out.push(p);
  if (end < pages - 1) out.push('gap');
  if (end < pages) out.push(pages);
  return out;
}

export interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  label?: string;
  className?: string;
}

export function Pagination({ page, pages, onPage, label = 'Pagination', className }: PaginationProps) {
  if (pages <= 1) return null;
  const btn = 'min-h-11 min-w-11 rounded-lg px-3 text-sm font-semibold';
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center justify-center gap-1', className)}>
      <button
        type="button"
        className={cn(btn, 'text-brand-800 hover:bg-brand-50 disabled:text-stone-400')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t.common.previous}
      </button>
      {pageItems(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-label={`${t.common.page} ${p}`}
            aria-current={p === page ? 'page' : undefined}
            className={cn(btn, p === page ? 'bg-brand-700 text-white' : 'text-stone-800 hover:bg-stone-100')}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(btn, 'text-brand-800 hover:bg-brand-50 disabled:text-stone-400')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t.common.next}
      </button>
    </nav>
  );
}

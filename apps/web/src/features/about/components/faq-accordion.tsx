import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';

export interface FaqItem {
  q: string;
  a: string;
}

/** Questions that open one at a time: each is a button with aria-expanded controlling its answer region. */
export function FaqAccordion({ items, initialOpen = 0 }: { items: FaqItem[]; initialOpen?: number | null }) {
  const [open, setOpen] = useState<number | null>(initialOpen);
  const base = useId();
  return (
    <div className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm">
      {items.map((item, i) => {
        const expanded = open === i;
        const buttonId = `${base}-q${i}`;
        const panelId = `${base}-a${i}`;
        return (
          <div key={item.q}>
            <h3>
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex min-h-14 w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold text-stone-900 hover:bg-stone-50"
              >
                <span>{item.q}</span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'shrink-0 text-xl text-brand-700 transition-transform',
                    expanded && 'rotate-45',
                  )}
                >
                  +
                </span>
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-4 pb-4 text-stone-700"
            >
              {item.a}
            </div>
          </div>
        );
      })}
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useModalDialog } from './use-modal-dialog';
import { t } from '../../messages';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  side?: 'left' | 'right';
  className?: string;
}

/**
 * A panel that slides over the page, built on the native modal <dialog>: the
 * page behind is inert, focus stays inside, Escape closes it, and focus goes
 * back to what opened it.
 */
export function Drawer({ open, onClose, title, children, footer, side = 'left', className }: DrawerProps) {
  const { ref, close, dialogProps } = useModalDialog(open, onClose, { lockScroll: true });

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby="drawer-title"
      {...dialogProps}
      className={cn(
        'fixed inset-y-0 m-0 h-dvh max-h-none w-[min(22rem,88vw)] max-w-none bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-950/60',
        side === 'left' ? 'left-0 right-auto' : 'left-auto right-0',
        className,
      )}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <h2 id="drawer-title" className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => close()}
            aria-label={t.common.close}
            className="inline-flex size-11 items-center justify-center rounded-lg text-2xl leading-none text-stone-700 hover:bg-stone-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
        {footer && <div className="border-t border-stone-200 px-4 py-3">{footer}</div>}
      </div>
    </dialog>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useModalDialog } from './use-modal-dialog';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The id of the element that names the dialog (its heading). */
  labelledBy?: string;
  label?: string;
  /** "dark" for pictures: a near-black panel with white text. */
  tone?: 'light' | 'dark';
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: the page behind is inert,
 * Escape closes it, and focus goes back to where it was when it opened.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  label,
  tone = 'light',
  className,
  children,
}: DialogProps) {
  const { ref, dialogProps } = useModalDialog(open, onClose);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-label={label}
      {...dialogProps}
      className={cn(
        'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-auto rounded-2xl p-0 shadow-xl backdrop:bg-stone-950/60',
        tone === 'dark' ? 'bg-stone-950 text-white' : 'bg-white text-stone-900',
        className,
      )}
    >
      <div>{children}</div>
    </dialog>
  );
}

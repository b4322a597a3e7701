import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

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
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!el.open) el.showModal?.();
    return () => {
      if (el.open) el.close();
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={(e) => {
        e.preventDefault();
        onCloseRef.current();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === e.currentTarget) onCloseRef.current();
      }}
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

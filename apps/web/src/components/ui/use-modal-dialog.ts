import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';

/**
 * Drives a native modal <dialog> from an `open` flag: shown with showModal()
 * (the page behind becomes inert and focus stays inside), Escape and a click
 * on the backdrop call `onClose`, and focus returns to whatever opened it.
 * `lockScroll` also stops the page behind from scrolling while it is open.
 */
export function useModalDialog(open: boolean, onClose: () => void, { lockScroll = false } = {}) {
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
    const overflow = document.body.style.overflow;
    if (lockScroll) document.body.style.overflow = 'hidden';
    return () => {
      if (lockScroll) document.body.style.overflow = overflow;
      if (el.open) el.close();
      if (opener && document.contains(opener)) opener.focus();
    };
  }, [open, lockScroll]);

  return {
    ref,
    close: () => onCloseRef.current(),
    dialogProps: {
      onCancel: (e: SyntheticEvent) => {
        e.preventDefault();
        onCloseRef.current();
      },
      // A click on the backdrop lands on the dialog element itself, outside its box.
      onClick: (e: MouseEvent) => {
        if (e.target === e.currentTarget) onCloseRef.current();
      },
    },
  };
}

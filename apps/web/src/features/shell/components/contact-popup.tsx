import { useId, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { CloseIcon } from '../../../components/ui/icons';
import { t } from '../../../messages';
import { popupWasClosed, recordPopupClosed } from '../lib/popup-state';

/**
 * "Send Us a Message For Job": opens on page load until closed in this
 * browser session. On a wide screen it is the spec's dialog; on a phone it is
 * a small sheet at the bottom (one tap closes it, one opens the form), so
 * it never hides what the candidate came for. The form inside is given by
 * the page shell.
 */
export default function ContactPopup({ mode, children }: { mode: 'dialog' | 'sheet'; children: ReactNode }) {
  const [open, setOpen] = useState(() => !popupWasClosed());
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const close = () => {
    recordPopupClosed();
    setOpen(false);
  };
  if (!open) return null;

  const closeButton = (
    <button
      type="button"
      onClick={close}
      aria-label={t.shell.popup.close}
      className="-mr-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
    >
      <CloseIcon size={22} />
    </button>
  );

  if (mode === 'sheet' && !expanded) {
    return (
      <section
        aria-labelledby={titleId}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white px-4 pb-[calc(0.75rem+env(safe-area-inset-bottom))] pt-3 shadow-[0_-4px_16px_rgba(0,0,0,0.12)]"
      >
        <div className="flex items-center gap-3">
          <h2 id={titleId} className="min-w-0 flex-1 text-sm font-bold leading-snug text-stone-900">
            {t.shell.popup.title}
          </h2>
          <button
            type="button"
            onClick={() => setExpanded(true)}
            className="min-h-11 shrink-0 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t.shell.popup.open}
          </button>
          {closeButton}
        </div>
      </section>
    );
  }

  return (
    <Dialog open onClose={close} labelledBy={titleId} className="max-w-lg">
      <div className="flex items-start justify-between gap-4 border-b border-stone-200 p-4 sm:p-5">
        <div>
          <h2 id={titleId} className="text-xl font-bold text-stone-900">
            {t.shell.popup.title}
          </h2>
          <p className="mt-1 text-sm text-stone-700">{t.shell.popup.intro}</p>
        </div>
        {closeButton}
      </div>
      <div className="p-4 sm:p-5">{children}</div>
    </Dialog>
  );
}

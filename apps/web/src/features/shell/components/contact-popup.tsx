import { useId, useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { CloseIcon } from '../../../components/ui/icons';
import { t } from '../../../messages';
import { popupWasClosed, recordPopupClosed } from '../lib/popup-state';

/**
 * "Send Us a Message For Job": opens on page load until closed in this
 * browser session. The form inside is given by the page shell.
 */
export default function ContactPopup({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(() => !popupWasClosed());
  const titleId = useId();
  const close = () => {
    recordPopupClosed();
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} labelledBy={titleId} className="max-w-lg">
      <div className="flex items-start justify-between gap-4 border-b border-stone-200 p-4 sm:p-5">
        <div>
          <h2 id={titleId} className="text-xl font-bold text-stone-900">
            {t.shell.popup.title}
          </h2>
          <p className="mt-1 text-sm text-stone-700">{t.shell.popup.intro}</p>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label={t.shell.popup.close}
          className="-mr-2 -mt-1 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
        >
          <CloseIcon size={22} />
        </button>
      </div>
      <div className="p-4 sm:p-5">{children}</div>
    </Dialog>
  );
}

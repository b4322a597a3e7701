import { useState } from 'react';
import { ChatIcon, CloseIcon, MailIcon } from '../../../components/ui/icons';
import { siteConfig } from '../../../lib/site-config';
import { cn } from '../../../lib/cn';
import { t } from '../../../messages';

/**
 * The chat and support e-mail shortcuts fixed to the corner of every page.
 * On a phone they fold into one small button, so two round buttons do not sit
 * over the content of a 360 px screen; one tap opens them.
 */
export function FloatingActions() {
  const cfg = siteConfig();
  const [open, setOpen] = useState(false);
  const btn =
    'flex size-11 items-center justify-center rounded-full text-white shadow-lg transition-transform hover:scale-105 sm:size-12';
  return (
    <div className="fixed bottom-3 right-3 z-30 flex flex-col items-end gap-2 sm:bottom-4 sm:right-4 sm:gap-3">
      <div
        id="floating-shortcuts"
        className={cn('flex-col gap-2 sm:flex sm:gap-3', open ? 'flex' : 'hidden')}
      >
        <a
          href={cfg.chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.shell.floating.chat}
          title={t.shell.floating.chat}
          className={`${btn} bg-green-700 hover:bg-green-800`}
        >
          <ChatIcon size={22} />
        </a>
        <a
          href={`mailto:${cfg.supportEmail}`}
          aria-label={t.shell.floating.email}
          title={t.shell.floating.email}
          className={`${btn} bg-brand-700 hover:bg-brand-800`}
        >
          <MailIcon size={22} />
        </a>
      </div>
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="floating-shortcuts"
        aria-label={open ? t.shell.floating.hide : t.shell.floating.help}
        className={`${btn} bg-stone-800/90 hover:bg-stone-900 sm:hidden`}
      >
        {open ? <CloseIcon size={20} /> : <ChatIcon size={20} />}
      </button>
    </div>
  );
}

import { ChatIcon, MailIcon } from '../../../components/ui/icons';
import { siteConfig } from '../../../lib/site-config';
import { t } from '../../../messages';

/** The chat and support e-mail shortcuts fixed to the corner of every page. */
export function FloatingActions() {
  const cfg = siteConfig();
  const btn =
    'flex size-12 items-center justify-center rounded-full text-white shadow-lg transition-transform hover:scale-105';
  return (
    <div className="fixed bottom-4 right-4 z-30 flex flex-col gap-3">
      <a
        href={cfg.chatUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t.shell.floating.chat}
        title={t.shell.floating.chat}
        className={`${btn} bg-green-700 hover:bg-green-800`}
      >
        <ChatIcon size={24} />
      </a>
      <a
        href={`mailto:${cfg.supportEmail}`}
        aria-label={t.shell.floating.email}
        title={t.shell.floating.email}
        className={`${btn} bg-brand-700 hover:bg-brand-800`}
      >
        <MailIcon size={24} />
      </a>
    </div>
  );
}

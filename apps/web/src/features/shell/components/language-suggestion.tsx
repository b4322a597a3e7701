import { Link as RouterLink } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons';
import { rememberLanguage } from '../../../lib/language-preference';
import { t } from '../../../messages';
import { useSamePageIn } from './language-switch';

/**
 * On a first visit to an English page by a browser set to Hindi: a
 * dismissible offer of the Hindi page. Never a redirect; closing it keeps
 * English. Loaded only when it is going to show (the layout decides).
 */
export default function LanguageSuggestion({ onClose }: { onClose: () => void }) {
  const samePageIn = useSamePageIn();
  return (
    <div role="region" aria-label={t.shell.language.label} className="border-b border-brand-200 bg-brand-50">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2">
        <RouterLink
          to={samePageIn('hi')}
          lang="hi"
          hrefLang="hi"
          onClick={() => rememberLanguage('hi')}
          className="min-h-11 content-center font-semibold text-brand-800 underline underline-offset-4"
        >
          {t.shell.language.suggest}
        </RouterLink>
        <button
          type="button"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-brand-100"
          aria-label={t.shell.language.dismiss}
          onClick={() => {
            rememberLanguage('en');
            onClose();
          }}
        >
          <CloseIcon size={20} />
        </button>
      </div>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { prefersHindi, rememberedLanguage, rememberLanguage } from '../../../lib/language-preference';
import { localeOf, localePath, t, type Locale } from '../../../messages';

const OPTIONS: { lang: Locale; label: 'hindi' | 'english' }[] = [
  { lang: 'hi', label: 'hindi' },
  { lang: 'en', label: 'english' },
];

/** The same page (path and query) in `lang`. */
function useSamePageIn(): (lang: Locale) => string {
  const { pathname, search, hash } = useLocation();
  return (lang) => localePath(`${pathname}${search}${hash}`, lang);
}

/**
 * "हिन्दी / English": each label in its own language, the current one marked;
 * choosing keeps the visitor on the same page and is remembered (cookie `lang`).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const current = localeOf(useLocation().pathname);
  const samePageIn = useSamePageIn();
  return (
    <nav aria-label={t.shell.language.label} className={cn('flex items-center text-sm', className)}>
      {OPTIONS.map(({ lang, label }, i) => (
        <span key={lang} className="flex items-center">
          {i > 0 && (
            <span aria-hidden="true" className="text-stone-400">
              /
            </span>
          )}
          <RouterLink
            to={samePageIn(lang)}
            lang={lang}
            hrefLang={lang}
            aria-current={lang === current ? 'true' : undefined}
            onClick={() => rememberLanguage(lang)}
            className={cn(
              'inline-flex min-h-11 items-center rounded-lg px-1.5 font-semibold sm:px-2',
              lang === current
                ? 'text-brand-800 underline underline-offset-4'
                : 'text-stone-700 hover:bg-stone-100',
            )}
          >
            {t.shell.language[label]}
          </RouterLink>
        </span>
      ))}
    </nav>
  );
}

/**
 * On a first visit to an English page by a browser set to Hindi: a
 * dismissible offer of the Hindi page. Never a redirect; closing it keeps English.
 */
export function LanguageSuggestion() {
  const current = localeOf(useLocation().pathname);
  const samePageIn = useSamePageIn();
  const [show, setShow] = useState(false);
  useEffect(() => {
    setShow(
      current === 'en' && !rememberedLanguage() && prefersHindi(navigator.languages ?? [navigator.language]),
    );
  }, [current]);
  if (!show) return null;
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
            setShow(false);
          }}
        >
          <CloseIcon size={20} />
        </button>
      </div>
    </div>
  );
}

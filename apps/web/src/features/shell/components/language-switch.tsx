import { Link as RouterLink, useLocation } from 'react-router';
import { cn } from '../../../lib/cn';
import { rememberLanguage } from '../../../lib/language-preference';
import { localeOf, localePath, t, type Locale } from '../../../messages';

const OPTIONS: { lang: Locale; label: 'hindi' | 'english' }[] = [
  { lang: 'hi', label: 'hindi' },
  { lang: 'en', label: 'english' },
];

/** The same page (path and query) in `lang`. */
export function useSamePageIn(): (lang: Locale) => string {
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

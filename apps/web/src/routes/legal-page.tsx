import { siteConfig } from '../lib/site-config';
import { usePageTitle } from '../lib/use-page-title';
import { format, t } from '../messages';

interface LegalText {
  title: string;
  intro: string;
  sections: readonly { heading: string; body: readonly string[] }[];
}

/** The privacy policy and the terms: one layout, the text from the catalogue. */
export function LegalPage({ text }: { text: LegalText }) {
  usePageTitle(text.title);
  const cfg = siteConfig();
  const fill = (s: string) => format(s, { brand: cfg.brandName, email: cfg.supportEmail });
  const id = (i: number) => `section-${i + 1}`;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{text.title}</h1>
      <p className="mt-1 text-sm text-stone-600">{t.legal.updated}</p>
      <p className="mt-4 text-stone-800">{fill(text.intro)}</p>
      <nav aria-label={t.legal.contents} className="mt-6 rounded-xl bg-stone-50 p-4">
        <h2 className="text-sm font-semibold text-stone-700">{t.legal.contents}</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-brand-800">
          {text.sections.map((s, i) => (
            <li key={s.heading}>
              <a href={`#${id(i)}`} className="underline-offset-2 hover:underline">
                {s.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {text.sections.map((s, i) => (
        <section key={s.heading} aria-labelledby={id(i)} className="mt-8">
          <h2 id={id(i)} className="text-xl font-semibold text-stone-900">
            {s.heading}
          </h2>
          <ul className="mt-2 list-disc space-y-2 pl-5 text-stone-800">
            {s.body.map((p) => (
              <li key={p} className="break-words">
                {fill(p)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}

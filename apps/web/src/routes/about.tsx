import { FaqAccordion } from '../features/about/components/faq-accordion';
import { StatsCards } from '../features/about/components/stats-cards';
import { MapPinIcon, StarIcon } from '../components/ui/icons';
import { siteConfig } from '../lib/site-config';
import { usePageTitle } from '../lib/use-page-title';
import { format, t } from '../messages';
import { siteStatsQueryOptions } from '../features/about/api/get-site-stats';
import { serverLoader } from '../lib/server-loader';

/** The live figures in the first HTML. */
export const loader = serverLoader(async (_args, queryClient) => {
  await queryClient.prefetchQuery(siteStatsQueryOptions());
});

const WHY_ICONS = [<StarIcon key="star" />, <span key="rupee">₹</span>, <MapPinIcon key="pin" />];

/** /about: live figures, the story, why choose us, and the FAQ. */
export default function AboutPage() {
  usePageTitle(t.about.title);
  const brand = { brand: siteConfig().brandName };
  const m = t.about;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{m.title}</p>
        <h1 className="mt-1 text-2xl font-bold text-stone-900 sm:text-4xl">{m.heading}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-stone-700 sm:text-lg">{format(m.intro, brand)}</p>
      </header>

      <section aria-labelledby="about-stats" className="mt-8">
        <h2 id="about-stats" className="sr-only">
          {m.statsTitle}
        </h2>
        <StatsCards />
      </section>

      <section aria-labelledby="about-story" className="mt-10">
        <h2 id="about-story" className="text-xl font-bold text-stone-900 sm:text-2xl">
          {m.storyTitle}
        </h2>
        <div className="mt-3 space-y-3 leading-relaxed text-stone-800">
          {m.story.map((p) => (
            <p key={p}>{format(p, brand)}</p>
          ))}
        </div>
      </section>

      <section aria-labelledby="about-why" className="mt-10">
        <h2 id="about-why" className="text-xl font-bold text-stone-900 sm:text-2xl">
          {format(m.whyTitle, brand)}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {m.why.map((w, i) => (
            <li key={w.title} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-lg text-brand-800"
              >
                {WHY_ICONS[i]}
              </span>
              <h3 className="mt-3 font-semibold text-stone-900">{w.title}</h3>
              <p className="mt-1 text-stone-700">{w.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-faq" className="mt-10">
        <h2 id="about-faq" className="text-xl font-bold text-stone-900 sm:text-2xl">
          {m.faqTitle}
        </h2>
        <div className="mt-4">
          <FaqAccordion items={m.faq.map((f) => ({ q: format(f.q, brand), a: format(f.a, brand) }))} />
        </div>
      </section>
    </div>
  );
}

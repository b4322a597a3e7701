import type { Spa } from '@spajobs/contract/spa';
import type { AppContext } from '../plugins/context.ts';
import type { JobPageFacts } from '../repositories/job-repository.ts';
import { parseId } from '../repositories/spa-repository.ts';
import { escapeHtml } from '../lib/escape.ts';

export interface PageHead {
  title: string;
  description: string;
  canonical?: string;
  /** Absolute address of the share image (Open Graph, Twitter). */
  image?: string;
  /** Open Graph type. */
  type?: 'website' | 'article';
  jsonLd?: unknown;
  status?: number;
}

/** JSON inside <script> must not be able to close the tag. */
export const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

const clip = (s: string, n = 160) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n - 1).trimEnd()}…` : flat;
};

/** An uploaded or demo file's path, or an outside address, made absolute. */
const absolute = (base: string, path: string | null | undefined) =>
  !path ? undefined : /^https?:/.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;

/** The page's path without the language prefix (`/hi/jobs` is the Hindi `/jobs`). */
export function barePath(pathname: string): { lang: '' | '/hi'; path: string } {
  const m = /^\/hi(?=\/|$)/.exec(pathname);
  const path = (m ? pathname.slice(3) : pathname).replace(/(.)\/$/, '$1') || '/';
  return { lang: m ? '/hi' : '', path };
}

function salaryValue(salary: string, salaryMin: number | null): { minValue?: number; maxValue?: number } {
  const nums = [...salary.matchAll(/[\d,]{3,}/g)]
    .map((m) => Number(m[0].replace(/,/g, '')))
    .filter((n) => Number.isFinite(n) && n > 0);
  const min = salaryMin ?? nums[0];
  if (!min) return {};
  const max = nums.find((n) => n > min);
  return { minValue: min, maxValue: max ?? min };
}

/** schema.org JobPosting, with every field the data has (Google's job search reads it). */
export function jobPostingLd(facts: JobPageFacts, baseUrl: string) {
  const { job, spa } = facts;
  const value = salaryValue(job.salary, facts.salaryMin);
  const logo = absolute(baseUrl, spa.logo);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: `${job.description}\n\nRequirements:\n${job.requirements}`,
    datePosted: job.postedOn,
    ...(facts.expiresAt ? { validThrough: new Date(facts.expiresAt).toISOString() } : {}),
    employmentType: 'FULL_TIME',
    directApply: true,
    totalJobOpenings: job.vacancies,
    industry: 'Spa and wellness',
    occupationalCategory: job.category,
    url: `${baseUrl}/job/${job._id}`,
    identifier: { '@type': 'PropertyValue', name: job.spa.name, value: job._id },
    hiringOrganization: {
      '@type': 'Organization',
      name: job.spa.name,
      ...(logo ? { logo } : {}),
      ...(spa.website ? { sameAs: spa.website } : {}),
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: spa.streetAddress || job.spa.fullAddress,
        addressLocality: spa.city || job.city,
        addressRegion: spa.state || job.state,
        ...(spa.pincode ? { postalCode: spa.pincode } : {}),
        addressCountry: 'IN',
      },
    },
    ...(value.minValue
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'INR',
            value: { '@type': 'QuantitativeValue', ...value, unitText: 'MONTH' },
          },
        }
      : {}),
  };
}

function spaLd(spa: Spa, baseUrl: string) {
  const logo = absolute(baseUrl, spa.logo);
  return {
    '@context': 'https://schema.org',
    '@type': 'DaySpa',
    name: spa.name,
    url: `${baseUrl}/spa/${spa._id}`,
    ...(logo ? { logo, image: logo } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: spa.fullAddress,
      addressLocality: spa.city,
      addressRegion: spa.state,
      ...(spa.address.pincode ? { postalCode: spa.address.pincode } : {}),
      addressCountry: 'IN',
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: spa.location.coordinates[1],
      longitude: spa.location.coordinates[0],
    },
    ...(spa.reviews
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: spa.rating,
            reviewCount: spa.reviews,
          },
        }
      : {}),
  };
}

const shareableLogo = (url: string | undefined) => (url && !/\.svg(\?|$)/i.test(url) ? url : undefined);

const JOBS_PATH = /^\/(jobs|jobs-india|all\/jobs\/filters)$/;
const JOB_PATH = /^\/(?:job\/([^/]+)|spa\/[^/]+\/job\/([^/]+))$/;
const SPA_PATH = /^\/spa\/([^/]+)$/;

/** The job listing's heading for its place and kind filters ("Spa Therapist jobs in Pune, Maharashtra"). */
function jobsHeading(params: URLSearchParams, lang: '' | '/hi' = ''): string {
  const category = params.get('category')?.trim();
  const place = [params.get('city')?.trim(), params.get('state')?.trim()].filter(Boolean).join(', ');
  return headText(lang).jobsHeading(category, place);
}

/**
 * The words of the pages' heads in each language (job and spa data stay as they were written).
 * English is what the page heads always said; Hindi follows the web app's glossary.
 */
const HEAD_TEXT = {
  en: {
    jobNotFound: ['Job not found', 'This job does not exist or has been removed.'],
    spaNotFound: ['Spa not found', 'This spa does not exist or has been removed.'],
    closed: 'Closed: ',
    at: 'at',
    jobText: (title: string, location: string, salary: string, experience: string, description: string) =>
      `${title} in ${location}. ${salary}. ${experience}. ${description}`,
    closedText: (category: string, city: string) =>
      `This job has closed. See similar open ${category} jobs in ${city}.`,
    spaTitle: (name: string, category: string, city: string) => `${name} – ${category} in ${city}`,
    spaText: (name: string, address: string, rating: string, reviews: number, jobs: number) =>
      `${name}, ${address}. Rated ${rating} by ${reviews} guests. ${jobs} open jobs.`,
    jobsHeading: (category: string | undefined, place: string) =>
      `${category ? `${category} jobs` : 'Spa jobs'} in ${place || 'India'}`,
    jobsTitle: (heading: string) => `${heading} – latest openings`,
    jobsText: (heading: string) =>
      `${heading}: therapist, spa manager, receptionist and beautician jobs at spas, with salaries. Apply free, with or without an account.`,
    fixed: (brand: string, phone: string): Record<string, [string, string]> => ({
      '/spas': [
        'Spas hiring near you – spa and wellness centres in India',
        'Find spas, massage and Ayurveda centres near you: ratings, addresses, open jobs and directions.',
      ],
      '/about': [
        'About us',
        `${brand} connects spa therapists, managers, receptionists and beauticians with spas across India. Free for job seekers.`,
      ],
      '/contact': [
        'Contact us',
        `Questions about a job, a spa or your account? Write to ${brand}, call ${phone} or send us a message.`,
      ],
      '/privacy': ['Privacy policy', `How ${brand} collects, uses and protects your information.`],
      '/terms': ['Terms of use', `The terms for using ${brand} as a job seeker or an employer.`],
    }),
    missing: ['Page not found', "The page you're looking for doesn't exist or has moved."],
    siteTitle: 'Spa, massage and wellness jobs in India',
    siteText:
      'Find spa therapist, massage therapist, spa manager, receptionist and beautician jobs at spas near you. Free for job seekers.',
  },
  hi: {
    jobNotFound: ['जॉब नहीं मिली', 'यह जॉब मौजूद नहीं है या हटा दी गई है।'],
    spaNotFound: ['स्पा नहीं मिला', 'यह स्पा मौजूद नहीं है या हटा दिया गया है।'],
    closed: 'बंद: ',
    at: '–',
    jobText: (title: string, location: string, salary: string, experience: string, description: string) =>
      `${title}, ${location}। ${salary}। ${experience}। ${description}`,
    closedText: (category: string, city: string) =>
      `यह जॉब बंद हो चुकी है। ${city} में ${category} की ऐसी ही खुली जॉब देखें।`,
    spaTitle: (name: string, category: string, city: string) => `${name} – ${city} में ${category}`,
    spaText: (name: string, address: string, rating: string, reviews: number, jobs: number) =>
      `${name}, ${address}। ${reviews} मेहमानों की रेटिंग ${rating}। ${jobs} खुली जॉब।`,
    jobsHeading: (category: string | undefined, place: string) =>
      `${place || 'भारत'} में ${category ? `${category} जॉब` : 'स्पा जॉब'}`,
    jobsTitle: (heading: string) => `${heading} – नई वैकेंसी`,
    jobsText: (heading: string) =>
      `${heading}: स्पा में थेरेपिस्ट, स्पा मैनेजर, रिसेप्शनिस्ट और ब्यूटीशियन की जॉब, सैलरी के साथ। मुफ़्त अप्लाई करें, अकाउंट के साथ या बिना।`,
    fixed: (brand: string, phone: string): Record<string, [string, string]> => ({
      '/spas': [
        'आपके पास भर्ती करने वाले स्पा – भारत के स्पा और वेलनेस सेंटर',
        'अपने पास के स्पा, मसाज और आयुर्वेद सेंटर खोजें: रेटिंग, पता, खुली जॉब और रास्ता।',
      ],
      '/about': [
        'हमारे बारे में',
        `${brand} पूरे भारत में स्पा थेरेपिस्ट, मैनेजर, रिसेप्शनिस्ट और ब्यूटीशियन को स्पा से जोड़ता है। जॉब ढूँढने वालों के लिए मुफ़्त।`,
      ],
      '/contact': [
        'संपर्क करें',
        `किसी जॉब, स्पा या अपने अकाउंट के बारे में सवाल? ${brand} को लिखें, ${phone} पर कॉल करें या हमें संदेश भेजें।`,
      ],
      '/privacy': [
        'प्राइवेसी पॉलिसी',
        `${brand} आपकी जानकारी कैसे इकट्ठा करता है, इस्तेमाल करता है और सुरक्षित रखता है।`,
      ],
      '/terms': ['इस्तेमाल की शर्तें', `जॉब ढूँढने वाले या एम्प्लॉयर के रूप में ${brand} इस्तेमाल करने की शर्तें।`],
    }),
    missing: ['पेज नहीं मिला', 'आप जो पेज ढूँढ रहे हैं वह मौजूद नहीं है या हट गया है।'],
    siteTitle: 'भारत में स्पा, मसाज और वेलनेस जॉब',
    siteText:
      'अपने पास के स्पा में स्पा थेरेपिस्ट, मसाज थेरेपिस्ट, स्पा मैनेजर, रिसेप्शनिस्ट और ब्यूटीशियन की जॉब खोजें। जॉब ढूँढने वालों के लिए मुफ़्त।',
  },
} as const;

const headText = (lang: '' | '/hi') => (lang === '/hi' ? HEAD_TEXT.hi : HEAD_TEXT.en);

/**
 * The head of a public page: a specific title, description, canonical
 * address, share image and structured data. Job and spa pages read their
 * record; missing ones say so (the renderer answers 404 or 410).
 */
export async function headFor(url: string, ctx: AppContext): Promise<PageHead> {
  const brand = ctx.config.site.brandName;
  const base = ctx.config.publicBaseUrl;
  const [pathname = '/', search = ''] = url.split('?');
  const { lang, path } = barePath(pathname);
  const at = (p: string) => `${base}${lang}${p}`;
  const w = headText(lang);
  const siteImage = `${base}/share/site.png`;

  const jobMatch = JOB_PATH.exec(path);
  if (jobMatch) {
    const id = parseId(decodeURIComponent(jobMatch[1] ?? jobMatch[2] ?? ''));
    const facts = id ? await ctx.jobs.findForPage(id) : null;
    if (!facts) return notFoundHead(ctx, `${w.jobNotFound[0]} | ${brand}`, w.jobNotFound[1]);
    const { job } = facts;
    const closed = job.status === 'closed';
    return {
      title: `${closed ? w.closed : ''}${job.title} ${w.at} ${job.spa.name.split(',')[0]}, ${job.city} | ${brand}`,
      description: clip(
        closed
          ? w.closedText(job.category, job.city)
          : w.jobText(job.title, job.location, job.salary, job.experience, job.description),
      ),
      canonical: at(`/job/${job._id}`),
      image: `${base}/share/job/${job._id}.png`,
      type: 'article',
      // A closed or expired job answers 410, and is no longer offered to search engines as a posting.
      ...(closed ? { status: 410 } : { jsonLd: jobPostingLd(facts, base) }),
    };
  }
  const spaMatch = SPA_PATH.exec(path);
  if (spaMatch) {
    const id = parseId(decodeURIComponent(spaMatch[1]!));
    const spa = id ? await ctx.spas.findById(id) : null;
    if (!spa) return notFoundHead(ctx, `${w.spaNotFound[0]} | ${brand}`, w.spaNotFound[1]);
    return {
      title: `${w.spaTitle(spa.name, spa.category, spa.city)} | ${brand}`,
      description: clip(
        w.spaText(spa.name, spa.fullAddress, spa.rating.toFixed(1), spa.reviews, spa.openJobs),
      ),
      canonical: at(`/spa/${spa._id}`),
      // Chat apps do not show SVG previews (the demo logos are drawn as SVG): those get the drawn card.
      image: shareableLogo(absolute(base, spa.logo)) ?? `${base}/share/spa/${spa._id}.png`,
      jsonLd: spaLd(spa, base),
    };
  }
  if (path === '/' || path === '/home')
    return { ...defaultHead(ctx, lang), canonical: at('/'), image: siteImage };
  if (JOBS_PATH.test(path)) {
    const params = new URLSearchParams(search);
    const kept = new URLSearchParams();
    for (const k of ['category', 'state', 'city']) {
      const v = params.get(k)?.trim();
      if (v) kept.set(k, v);
    }
    const heading = jobsHeading(params, lang);
    return {
      title: `${w.jobsTitle(heading)} | ${brand}`,
      description: w.jobsText(heading),
      canonical: at(`/jobs${kept.size ? `?${kept.toString()}` : ''}`),
      image: siteImage,
    };
  }
  const fixed = w.fixed(brand, ctx.config.site.supportPhone);
  const page = fixed[path];
  if (page)
    return { title: `${page[0]} | ${brand}`, description: page[1], canonical: at(path), image: siteImage };
  return defaultHead(ctx, lang);
}

function notFoundHead(ctx: AppContext, title: string, description: string): PageHead {
  return { title, description, status: 404, image: `${ctx.config.publicBaseUrl}/share/site.png` };
}

/** An address the site does not have. */
export function missingPageHead(ctx: AppContext, lang: '' | '/hi' = ''): PageHead {
  const [title, description] = headText(lang).missing;
  return notFoundHead(ctx, `${title} | ${ctx.config.site.brandName}`, description);
}

export function defaultHead(ctx: AppContext, lang: '' | '/hi' = ''): PageHead {
  const w = headText(lang);
  return { title: `${ctx.config.site.brandName} – ${w.siteTitle}`, description: w.siteText };
}

export function renderHead(head: PageHead, brand: string): string {
  const e = escapeHtml;
  const tags = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    `<meta property="og:site_name" content="${e(brand)}">`,
    `<meta property="og:locale" content="en_IN">`,
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:title" content="${e(head.title)}">`,
    `<meta property="og:description" content="${e(head.description)}">`,
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${e(head.title)}">`,
    `<meta name="twitter:description" content="${e(head.description)}">`,
  ];
  if (head.canonical) {
    tags.push(
      `<link rel="canonical" href="${e(head.canonical)}">`,
      `<meta property="og:url" content="${e(head.canonical)}">`,
    );
  }
  if (head.image) {
    tags.push(
      `<meta property="og:image" content="${e(head.image)}">`,
      `<meta name="twitter:image" content="${e(head.image)}">`,
    );
    if (head.image.includes('/share/')) {
      tags.push(
        `<meta property="og:image:width" content="1200">`,
        `<meta property="og:image:height" content="630">`,
      );
    }
  }
  if (head.status === 404 || head.status === 410) tags.push(`<meta name="robots" content="noindex">`);
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${safeJson(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

export function renderSiteConfig(site: AppContext['config']['site']): string {
  return `<script id="site-config" type="application/json">${safeJson(site)}</script>`;
}

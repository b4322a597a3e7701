import type { Spa } from '@spajobs/contract/spa';
import type { AppContext } from '../plugins/context.ts';
import type { JobPageFacts } from '../repositories/job-repository.ts';
import { parseId } from '../repositories/spa-repository.ts';

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

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON inside <script> must not be able to close the tag. */
const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

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
function jobsHeading(params: URLSearchParams): string {
  const category = params.get('category')?.trim();
  const place = [params.get('city')?.trim(), params.get('state')?.trim()].filter(Boolean).join(', ');
  return `${category ? `${category} jobs` : 'Spa jobs'} in ${place || 'India'}`;
}

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
  const siteImage = `${base}/share/site.png`;

  const jobMatch = JOB_PATH.exec(path);
  if (jobMatch) {
    const id = parseId(decodeURIComponent(jobMatch[1] ?? jobMatch[2] ?? ''));
    const facts = id ? await ctx.jobs.findForPage(id) : null;
    if (!facts)
      return notFoundHead(ctx, `Job not found | ${brand}`, 'This job does not exist or has been removed.');
    const { job } = facts;
    const closed = job.status === 'closed';
    return {
      title: `${closed ? 'Closed: ' : ''}${job.title} at ${job.spa.name.split(',')[0]}, ${job.city} | ${brand}`,
      description: clip(
        closed
          ? `This job has closed. See similar open ${job.category} jobs in ${job.city}.`
          : `${job.title} in ${job.location}. ${job.salary}. ${job.experience}. ${job.description}`,
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
    if (!spa)
      return notFoundHead(ctx, `Spa not found | ${brand}`, 'This spa does not exist or has been removed.');
    return {
      title: `${spa.name} – ${spa.category} in ${spa.city} | ${brand}`,
      description: clip(
        `${spa.name}, ${spa.fullAddress}. Rated ${spa.rating.toFixed(1)} by ${spa.reviews} guests. ${spa.openJobs} open jobs.`,
      ),
      canonical: at(`/spa/${spa._id}`),
      // Chat apps do not show SVG previews (the demo logos are drawn as SVG): those get the drawn card.
      image: shareableLogo(absolute(base, spa.logo)) ?? `${base}/share/spa/${spa._id}.png`,
      jsonLd: spaLd(spa, base),
    };
  }
  if (path === '/' || path === '/home') return { ...defaultHead(ctx), canonical: at('/'), image: siteImage };
  if (JOBS_PATH.test(path)) {
    const params = new URLSearchParams(search);
    const kept = new URLSearchParams();
    for (const k of ['category', 'state', 'city']) {
      const v = params.get(k)?.trim();
      if (v) kept.set(k, v);
    }
    const heading = jobsHeading(params);
    return {
      title: `${heading} – latest openings | ${brand}`,
      description: `${heading}: therapist, spa manager, receptionist and beautician jobs at spas, with salaries. Apply free, with or without an account.`,
      canonical: at(`/jobs${kept.size ? `?${kept.toString()}` : ''}`),
      image: siteImage,
    };
  }
  const fixed: Record<string, [string, string]> = {
    '/spas': [
      `Spas hiring near you – spa and wellness centres in India | ${brand}`,
      'Find spas, massage and Ayurveda centres near you: ratings, addresses, open jobs and directions.',
    ],
    '/about': [
      `About us | ${brand}`,
      `${brand} connects spa therapists, managers, receptionists and beauticians with spas across India. Free for job seekers.`,
    ],
    '/contact': [
      `Contact us | ${brand}`,
      `Questions about a job, a spa or your account? Write to ${brand}, call ${ctx.config.site.supportPhone} or send us a message.`,
    ],
    '/privacy': [`Privacy policy | ${brand}`, `How ${brand} collects, uses and protects your information.`],
    '/terms': [`Terms of use | ${brand}`, `The terms for using ${brand} as a job seeker or an employer.`],
  };
  const page = fixed[path];
  if (page) return { title: page[0], description: page[1], canonical: at(path), image: siteImage };
  return defaultHead(ctx);
}

function notFoundHead(ctx: AppContext, title: string, description: string): PageHead {
  return { title, description, status: 404, image: `${ctx.config.publicBaseUrl}/share/site.png` };
}

/** An address the site does not have. */
export function missingPageHead(ctx: AppContext): PageHead {
  return notFoundHead(
    ctx,
    `Page not found | ${ctx.config.site.brandName}`,
    "The page you're looking for doesn't exist or has moved.",
  );
}

export function defaultHead(ctx: AppContext): PageHead {
  return {
    title: `${ctx.config.site.brandName} – Spa, massage and wellness jobs in India`,
    description:
      'Find spa therapist, massage therapist, spa manager, receptionist and beautician jobs at spas near you. Free for job seekers.',
  };
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

import type { Job } from '@spajobs/contract/job';
import type { Spa } from '@spajobs/contract/spa';
import type { AppContext } from '../plugins/context.ts';
import { parseId } from '../repositories/spa-repository.ts';

export interface PageHead {
  title: string;
  description: string;
  canonical?: string;
  jsonLd?: unknown;
  status?: number;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON inside <script> must not be able to close the tag. */
const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

function salaryValue(salary: string): { minValue?: number; maxValue?: number } {
  const nums = [...salary.matchAll(/[\d,]{3,}/g)]
    .map((m) => Number(m[0].replace(/,/g, '')))
    .filter(Number.isFinite);
  return nums.length ? { minValue: nums[0], maxValue: nums[1] ?? nums[0] } : {};
}

export function jobPostingLd(job: Job, spa: Spa | null, baseUrl: string) {
  const value = salaryValue(job.salary);
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: `${job.description}\n\nRequirements:\n${job.requirements}`,
    datePosted: job.postedOn,
    employmentType: 'FULL_TIME',
    totalJobOpenings: job.vacancies,
    url: `${baseUrl}/job/${job._id}`,
    hiringOrganization: {
      '@type': 'Organization',
      name: job.spa.name,
      ...(spa?.website ? { sameAs: spa.website } : {}),
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: job.spa.fullAddress,
        addressLocality: job.city,
        addressRegion: job.state,
        ...(spa?.address.pincode ? { postalCode: spa.address.pincode } : {}),
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

/** Head tags for a client route; job and spa pages carry their own title, description and data. */
export async function headFor(url: string, ctx: AppContext): Promise<PageHead> {
  const brand = ctx.config.site.brandName;
  const base = ctx.config.publicBaseUrl;
  const path = url.split('?')[0]!;
  const jobMatch = /^\/(?:job\/([^/]+)|spa\/[^/]+\/job\/([^/]+))\/?$/.exec(path);
  if (jobMatch) {
    const id = parseId(decodeURIComponent(jobMatch[1] ?? jobMatch[2] ?? ''));
    const job = id ? await ctx.jobs.findById(id) : null;
    if (!job)
      return {
        title: `Job not found | ${brand}`,
        description: 'This job does not exist or has been removed.',
        status: 404,
      };
    const spaId = parseId(job.spa._id);
    const spa = spaId ? await ctx.spas.findById(spaId) : null;
    return {
      title: `${job.title} at ${job.spa.name.split(',')[0]}, ${job.city} | ${brand}`,
      description: clip(
        `${job.title} in ${job.location}. ${job.salary}. ${job.experience}. ${job.description}`,
      ),
      canonical: `${base}/job/${job._id}`,
      // A closed or expired job answers 410, and is no longer offered to search engines as a posting.
      ...(job.status === 'closed' ? { status: 410 } : { jsonLd: jobPostingLd(job, spa, base) }),
    };
  }
  const spaMatch = /^\/spa\/([^/]+)\/?$/.exec(path);
  if (spaMatch) {
    const id = parseId(decodeURIComponent(spaMatch[1]!));
    const spa = id ? await ctx.spas.findById(id) : null;
    if (!spa)
      return {
        title: `Spa not found | ${brand}`,
        description: 'This spa does not exist or has been removed.',
        status: 404,
      };
    return {
      title: `${spa.name} – ${spa.category} in ${spa.city} | ${brand}`,
      description: clip(
        `${spa.name}, ${spa.fullAddress}. Rated ${spa.rating.toFixed(1)} by ${spa.reviews} guests. ${spa.openJobs} open jobs.`,
      ),
      canonical: `${base}/spa/${spa._id}`,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'DaySpa',
        name: spa.name,
        address: {
          '@type': 'PostalAddress',
          streetAddress: spa.fullAddress,
          addressLocality: spa.city,
          addressRegion: spa.state,
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
      },
    };
  }
  return defaultHead(ctx);
}

export function defaultHead(ctx: AppContext): PageHead {
  return {
    title: `${ctx.config.site.brandName} – Spa, massage and wellness jobs in India`,
    description:
      'Find spa therapist, massage therapist, spa manager, receptionist and beautician jobs at spas near you. Free for job seekers.',
  };
}

export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:type" content="website">`,
  ];
  if (head.canonical) {
    tags.push(
      `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
      `<meta property="og:url" content="${escapeHtml(head.canonical)}">`,
    );
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${safeJson(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

export function renderSiteConfig(site: AppContext['config']['site']): string {
  return `<script id="site-config" type="application/json">${safeJson(site)}</script>`;
}

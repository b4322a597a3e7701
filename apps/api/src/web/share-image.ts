import sharp from 'sharp';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { messages } from '@spajobs/contract/messages';
import { TtlCache } from '../lib/ttl-cache.ts';
import { sendError } from '../plugins/errors.ts';
import { parseId } from '../repositories/spa-repository.ts';
import { escapeXml } from '../lib/escape.ts';

/** Words into lines of at most `width` characters, at most `max` lines (the last one ending in "…" if cut). */
function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = `${kept[max - 1]!.slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

interface Card {
  kicker: string;
  title: string;
  lines: string[];
  brand: string;
}

/** A 1200×630 share card (the size chat apps and social sites show large). */
function cardSvg(card: Card): string {
  const title = wrap(card.title, 30, 3);
  const titleY = 250 - (title.length - 1) * 36;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#f0fdfa"/>
  <rect width="1200" height="16" fill="#0f766e"/>
  <text x="80" y="${titleY - 70}" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="bold" fill="#0f766e">${escapeXml(card.kicker)}</text>
  ${title
    .map(
      (l, i) =>
        `<text x="80" y="${titleY + i * 76}" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#1c1917">${escapeXml(l)}</text>`,
    )
    .join('\n  ')}
  ${card.lines
    .slice(0, 3)
    .map(
      (l, i) =>
        `<text x="80" y="${titleY + title.length * 76 + 30 + i * 48}" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#44403c">${escapeXml(l.slice(0, 60))}</text>`,
    )
    .join('\n  ')}
  <text x="80" y="575" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" font-weight="bold" fill="#0f766e">${escapeXml(card.brand)}</text>
</svg>`;
}

/**
 * Share images for link previews (Open Graph, Twitter): the site's card, and
 * a card drawn for each job and spa (title, place, salary). Drawn by sharp
 * (libvips works off the event loop) and kept for ten minutes.
 */
export async function registerShareImages(app: FastifyInstance): Promise<void> {
  const brand = app.ctx.config.site.brandName;
  const cache = new TtlCache(10 * 60_000, 0);
  const draw = (key: string, card: () => Promise<Card | null>) =>
    cache.get(key, async () => {
      const c = await card();
      return c
        ? sharp(Buffer.from(cardSvg(c)))
            .png({ palette: true })
            .toBuffer()
        : null;
    }) as Promise<Buffer | null>;
  const send = (reply: FastifyReply, png: Buffer | null) =>
    png
      ? reply.type('image/png').header('cache-control', 'public, max-age=3600').send(png)
      : sendError(reply, 404, messages.notFound);

  app.get('/share/site.png', { schema: { hide: true } }, async (_req, reply) =>
    send(
      reply,
      await draw('site', async () => ({
        kicker: 'Jobs at spas across India',
        title: 'Spa, massage and wellness jobs near you',
        lines: ['Therapists · Spa managers · Receptionists · Beauticians', 'Free for job seekers'],
        brand,
      })),
    ),
  );

  app.get<{ Params: { id: string } }>('/share/job/:id', { schema: { hide: true } }, async (req, reply) => {
    const id = parseId(req.params.id.replace(/\.png$/, ''));
    const png = id
      ? await draw(`job:${id}`, async () => {
          const job = await app.ctx.jobs.findById(id);
          return job
            ? {
                kicker: job.status === 'closed' ? 'This job has closed' : `${job.category} job`,
                title: job.title,
                lines: [`${job.spa.name.split(',')[0]} · ${job.city}, ${job.state}`, job.salary],
                brand,
              }
            : null;
        })
      : null;
    return send(reply, png);
  });

  app.get<{ Params: { id: string } }>('/share/spa/:id', { schema: { hide: true } }, async (req, reply) => {
    const id = parseId(req.params.id.replace(/\.png$/, ''));
    const png = id
      ? await draw(`spa:${id}`, async () => {
          const spa = await app.ctx.spas.findById(id);
          return spa
            ? {
                kicker: spa.category,
                title: spa.name,
                lines: [
                  `${spa.city}, ${spa.state}`,
                  spa.openJobs === 1 ? '1 open job' : `${spa.openJobs} open jobs`,
                ],
                brand,
              }
            : null;
        })
      : null;
    return send(reply, png);
  });
}

import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GALLERY_IMAGES } from '@spajobs/contract/employer';
import { messages as m } from '@spajobs/contract/messages';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { form, listen, registerCandidate, storedFiles } from '../../../test/fixtures/accounts.ts';
import { registerEmployer, spaBody } from '../../../test/fixtures/employers.ts';
import * as files from '../../../test/fixtures/files.ts';
import { sweepOrphanUploads } from '../../lib/orphan-sweep.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off', DIGEST_SWEEP_MS: '0' } });
  base = await listen(t.app);
});
afterAll(() => t.close());

type Headers = Record<string, string>;

async function employerWithSpa() {
  const e = await registerEmployer(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/employer/spas',
    headers: e.headers,
    payload: spaBody(),
  });
  expect(res.statusCode).toBe(201);
  return { ...e, spaId: res.json<{ spaId: string }>().spaId };
}

async function send(
  headers: Headers,
  spaId: string,
  what: 'logo' | 'gallery',
  data: Buffer | Promise<Buffer>,
  name = 'picture.png',
  type = 'image/png',
) {
  const res = await fetch(`${base}/api/v1/employer/spas/${spaId}/${what}`, {
    method: 'POST',
    headers,
    body: form({}, { field: what === 'logo' ? 'logo' : 'image', data: await data, name, type }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { message: string; logo: string | null; galleryImages: string[] },
  };
}

const removeImage = (headers: Headers, spaId: string, image: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/employer/spas/${spaId}/gallery?image=${encodeURIComponent(image)}`,
    headers,
  });

const spaRow = (spaId: string) =>
  t.database.db
    .selectFrom('spas')
    .select(['logo', 'gallery_images'])
    .where('id', '=', Number(spaId))
    .executeTakeFirstOrThrow();

const fileOf = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));

describe("a spa's logo and gallery", () => {
  it('sets the logo, re-encoded within 512×512 without metadata; a new logo replaces the old file', async () => {
    const e = await employerWithSpa();
    const first = await send(
      e.headers,
      e.spaId,
      'logo',
      files.jpegWithExif(1600, 1200),
      'logo.jpg',
      'image/jpeg',
    );
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(m.spaLogoUpdated);
    expect(first.body.logo).toMatch(/^\/uploads\/photos\/[a-f0-9]{32}\.jpg$/);
    const meta = await sharp(fs.readFileSync(fileOf(first.body.logo!))).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();
    expect((await spaRow(e.spaId)).logo).toBe(first.body.logo);

    const second = await send(e.headers, e.spaId, 'logo', files.png());
    expect(second.status).toBe(200);
    expect(fs.existsSync(fileOf(first.body.logo!))).toBe(false);
    expect(fs.existsSync(fileOf(second.body.logo!))).toBe(true);
    // The employer's list of spas shows it.
    const mine = await t.app.inject({ url: '/api/v1/employer/spas', headers: e.headers });
    expect(mine.json().data[0].logo).toBe(second.body.logo);
  });

  it(`adds gallery pictures up to ${MAX_GALLERY_IMAGES}, keeps them larger than photos, and removes one`, async () => {
    const e = await employerWithSpa();
    const added: string[] = [];
    for (let i = 0; i < MAX_GALLERY_IMAGES; i++) {
      const r = await send(e.headers, e.spaId, 'gallery', files.png(2000, 1000));
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(m.spaImageAdded);
      added.push(r.body.galleryImages.at(-1)!);
    }
    const meta = await sharp(fs.readFileSync(fileOf(added[0]!))).metadata();
    expect(meta.width).toBe(1280);
    const before = storedFiles(t).length;
    const full = await send(e.headers, e.spaId, 'gallery', files.png());
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(m.spaGalleryFull);
    expect(storedFiles(t).length).toBe(before);
    expect(JSON.parse((await spaRow(e.spaId)).gallery_images)).toEqual(added);

    const removed = await removeImage(e.headers, e.spaId, added[2]!);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().galleryImages).toEqual(added.filter((_, i) => i !== 2));
    expect(fs.existsSync(fileOf(added[2]!))).toBe(false);
    const again = await removeImage(e.headers, e.spaId, added[2]!);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(m.spaImageNotFound);
  });

  it('refuses what is not a JPEG or PNG by its bytes, and writes nothing', async () => {
    const e = await employerWithSpa();
    const before = storedFiles(t).length;
    for (const [data, name, type] of [
      [files.html(), 'logo.png', 'image/png'],
      [files.exe(), 'logo.jpg', 'image/jpeg'],
      [files.pdf(), 'logo.png', 'image/png'],
      [Buffer.alloc(0), 'logo.png', 'image/png'],
    ] as const) {
      const r = await send(e.headers, e.spaId, 'logo', data, name, type);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(m.spaImageType);
    }
    expect(storedFiles(t).length).toBe(before);
    expect((await spaRow(e.spaId)).logo).toBeNull();
  });

  it("an employer of another spa, a candidate and a visitor cannot change a spa's pictures", async () => {
    const owner = await employerWithSpa();
    const added = await send(owner.headers, owner.spaId, 'gallery', files.png());
    const image = added.body.galleryImages[0]!;
    const other = await employerWithSpa();
    const candidate = await registerCandidate(t.app);
    const before = storedFiles(t).length;

    const foreignLogo = await send(other.headers, owner.spaId, 'logo', files.png());
    expect(foreignLogo.status).toBe(404);
    expect(foreignLogo.body.message).toBe(m.spaNotMember);
    const foreignGallery = await send(other.headers, owner.spaId, 'gallery', files.png());
    expect(foreignGallery.status).toBe(404);
    const foreignRemove = await removeImage(other.headers, owner.spaId, image);
    expect(foreignRemove.statusCode).toBe(404);
    expect((await send(candidate.headers, owner.spaId, 'logo', files.png())).status).toBe(403);
    expect((await send({}, owner.spaId, 'logo', files.png())).status).toBe(401);

    expect(storedFiles(t).length).toBe(before);
    const row = await spaRow(owner.spaId);
    expect(row.logo).toBeNull();
    expect(JSON.parse(row.gallery_images)).toEqual([image]);
  });

  it('the orphan sweep keeps logos and gallery pictures, and removes pictures no spa names', async () => {
    const e = await employerWithSpa();
    const logo = (await send(e.headers, e.spaId, 'logo', files.png())).body.logo!;
    const image = (await send(e.headers, e.spaId, 'gallery', files.png())).body.galleryImages[0]!;
    const orphan = await t.app.ctx.storage.save('photos', 'png', await files.png());
    await sweepOrphanUploads({ database: t.database, uploadsDir: t.config.uploadsDir, graceMs: -1 });
    expect(fs.existsSync(fileOf(logo))).toBe(true);
    expect(fs.existsSync(fileOf(image))).toBe(true);
    expect(fs.existsSync(fileOf(orphan))).toBe(false);
  });
});

import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@spajobs/contract/common';
import { messages as m } from '@spajobs/contract/messages';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { form, listen, registerCandidate, storedFiles } from '../../../test/fixtures/accounts.ts';
import * as files from '../../../test/fixtures/files.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { RATE_LIMITS: 'off' } });
  base = await listen(t.app);
});
afterAll(() => t.close());

type Candidate = Awaited<ReturnType<typeof registerCandidate>>;

async function upload(
  c: Candidate | null,
  field: string,
  data: Buffer,
  name: string,
  type: string,
): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${base}/api/v1/users/upload`, {
    method: 'POST',
    headers: c ? c.headers : {},
    body: form({}, { field, data, name, type }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const row = (c: Candidate) =>
  t.database.db
    .selectFrom('users')
    .select(['profile_image', 'resume'])
    .where('id', '=', c.id)
    .executeTakeFirstOrThrow();

const fileOf = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));

describe('POST /users/upload: profile photo', () => {
  it('re-encodes a PNG within 512×512, stores it under a random name and serves it publicly', async () => {
    const c = await registerCandidate(t.app);
    const res = await upload(c, 'profileimage', await files.png(1000, 600), 'me.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: m.photoUpdated });
    expect(res.body.profileimage).toMatch(/^\/uploads\/photos\/[a-f0-9]{32}\.png$/);
    expect((await row(c)).profile_image).toBe(res.body.profileimage);
    const meta = await sharp(fileOf(res.body.profileimage!)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 307]);

    const served = await fetch(`${base}${res.body.profileimage}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(
      Buffer.from(await served.arrayBuffer()).equals(fs.readFileSync(fileOf(res.body.profileimage!))),
    ).toBe(true);

    const profile = await t.app.inject({ url: '/api/v1/users/profile', headers: c.headers });
    expect(profile.json().profileimage).toBe(res.body.profileimage);
  });

  it('drops the metadata of a JPEG (EXIF, GPS) when re-encoding it', async () => {
    const c = await registerCandidate(t.app);
    const original = await files.jpegWithExif();
    expect(original.includes('SECRET-EXIF-MARKER')).toBe(true);
    const res = await upload(c, 'profileimage', original, 'holiday.jpeg', 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.profileimage).toMatch(/^\/uploads\/photos\/[a-f0-9]{32}\.jpg$/);
    const stored = fs.readFileSync(fileOf(res.body.profileimage!));
    expect(stored.includes('SECRET-EXIF-MARKER')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 512, 384]);
  });

  it('removes the old photo when a new one replaces it', async () => {
    const c = await registerCandidate(t.app);
    const first = await upload(c, 'profileimage', await files.png(), 'a.png', 'image/png');
    expect(fs.existsSync(fileOf(first.body.profileimage!))).toBe(true);
    const second = await upload(c, 'profileimage', await files.jpegWithExif(300, 300), 'b.jpg', 'image/jpeg');
    expect(second.status).toBe(200);
    expect(fs.existsSync(fileOf(first.body.profileimage!))).toBe(false);
    expect(fs.existsSync(fileOf(second.body.profileimage!))).toBe(true);
    expect((await fetch(`${base}${first.body.profileimage}`)).status).toBe(404);
  });

  it('refuses a file that is not a JPEG or PNG by its bytes, whatever its name and type say', async () => {
    const c = await registerCandidate(t.app);
    const before = storedFiles(t);
    for (const [data, name, type] of [
      [files.pdf(), 'photo.png', 'image/png'],
      [files.html(), 'photo.jpg', 'image/jpeg'],
      [files.exe(), 'photo.jpeg', 'image/jpeg'],
      [Buffer.from('\x89PNG\r\n\x1a\nnot really a png at all'), 'broken.png', 'image/png'],
    ] as const) {
      const res = await upload(c, 'profileimage', data, name, type);
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe(m.photoType);
    }
    expect(storedFiles(t)).toEqual(before);
    expect((await row(c)).profile_image).toBeNull();
  });
});

describe('POST /users/upload: resume', () => {
  it.each([
    ['pdf', files.pdf(), 'cv.pdf', 'application/pdf', 'application/pdf'],
    [
      'docx',
      files.docx(),
      'cv.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['doc', files.doc(), 'CV.DOC', 'application/msword', 'application/msword'],
  ])('stores a %s as it is and serves it only as a download', async (ext, data, name, type, served) => {
    const c = await registerCandidate(t.app);
    const res = await upload(c, 'resume', data, name, type);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: m.resumeUploaded });
    expect(res.body.resume).toMatch(new RegExp(`^/uploads/resumes/[a-f0-9]{32}\\.${ext}$`));
    expect((await row(c)).resume).toBe(res.body.resume);

    const got = await fetch(`${base}${res.body.resume}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe(served);
    expect(got.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await got.arrayBuffer()).equals(data)).toBe(true);
  });

  it('accepts exactly 5 MB and removes the old resume when a new one replaces it', async () => {
    const c = await registerCandidate(t.app);
    const first = await upload(c, 'resume', files.pdf(), 'cv.pdf', 'application/pdf');
    const big = Buffer.alloc(MAX_UPLOAD_BYTES, 0x20);
    files.pdf().copy(big);
    const second = await upload(c, 'resume', big, 'long-cv.pdf', 'application/pdf');
    expect(second.status).toBe(200);
    expect(fs.statSync(fileOf(second.body.resume!)).size).toBe(MAX_UPLOAD_BYTES);
    expect(fs.existsSync(fileOf(first.body.resume!))).toBe(false);
    expect(
      storedFiles(t)
        .filter((f) => f.startsWith('resumes'))
        .map((f) => `/uploads/${f}`),
    ).toContain(second.body.resume);
  });
});

describe('POST /users/upload: refused uploads leave no file and no change', () => {
  let c: Candidate;
  let before: string[];
  beforeAll(async () => {
    c = await registerCandidate(t.app);
    before = storedFiles(t);
  });

  const refused = async (
    res: { status: number; body: Record<string, string> },
    status: number,
    message: string,
  ) => {
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, message });
    expect(storedFiles(t)).toEqual(before);
    expect(await row(c)).toEqual({ profile_image: null, resume: null });
  };

  it('an executable renamed .pdf', async () => {
    await refused(await upload(c, 'resume', files.exe(), 'cv.pdf', 'application/pdf'), 400, m.resumeType);
  });
  it('an HTML page renamed .pdf', async () => {
    await refused(await upload(c, 'resume', files.html(), 'cv.pdf', 'application/pdf'), 400, m.resumeType);
  });
  it('a PNG declared as a PDF', async () => {
    await refused(
      await upload(c, 'resume', await files.png(), 'cv.pdf', 'application/pdf'),
      400,
      m.resumeType,
    );
  });
  it('an OLE file under a name other than .doc', async () => {
    await refused(await upload(c, 'resume', files.doc(), 'cv.docx', 'application/msword'), 400, m.resumeType);
  });
  it('a file of 5 MB + 1 byte', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
    files.pdf().copy(big);
    await refused(await upload(c, 'resume', big, 'cv.pdf', 'application/pdf'), 413, m.uploadTooLarge);
    const photo = Buffer.concat([await files.png(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    await refused(await upload(c, 'profileimage', photo, 'me.png', 'image/png'), 413, m.uploadTooLarge);
  });
  it('an empty file', async () => {
    await refused(await upload(c, 'resume', Buffer.alloc(0), 'cv.pdf', 'application/pdf'), 400, m.fileEmpty);
    await refused(await upload(c, 'profileimage', Buffer.alloc(0), 'me.png', 'image/png'), 400, m.fileEmpty);
  });
  it('a file name containing ../', async () => {
    for (const name of ['../cv.pdf', '../../../../tmp/cv.pdf', '..\\..\\cv.pdf', 'photos/../../cv.pdf']) {
      await refused(await upload(c, 'resume', files.pdf(), name, 'application/pdf'), 400, m.fileNameInvalid);
    }
    await refused(
      await upload(c, 'profileimage', await files.png(), '../../photos/x.png', 'image/png'),
      400,
      m.fileNameInvalid,
    );
  });
  it('no file, or a file in an unknown field', async () => {
    await refused(await upload(c, 'avatar', await files.png(), 'me.png', 'image/png'), 400, m.resumeMissing);
    const res = await fetch(`${base}/api/v1/users/upload`, {
      method: 'POST',
      headers: c.headers,
      body: form({}),
    });
    expect(res.status).toBe(400);
  });
  it('no token', async () => {
    const res = await upload(null, 'resume', files.pdf(), 'cv.pdf', 'application/pdf');
    expect(res.status).toBe(401);
    expect(storedFiles(t)).toEqual(before);
  });
  it('a database failure after the file was written', async () => {
    const users = t.app.ctx.users;
    const original = users.update.bind(users);
    users.update = async () => {
      throw new Error('database went away');
    };
    try {
      const res = await upload(c, 'resume', files.pdf(), 'cv.pdf', 'application/pdf');
      expect(res.status).toBe(500);
    } finally {
      users.update = original;
    }
    expect(storedFiles(t)).toEqual(before);
  });
  it('a client that goes away mid-upload', async () => {
    const boundary = '----spajobs-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const url = new URL(`${base}/api/v1/users/upload`);
    const closed = new Promise<void>((resolve) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          ...c.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 2_000_000),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(Buffer.concat([head, files.pdf(), Buffer.alloc(100_000, 0x20)]), () => req.destroy());
    });
    await closed;
    // A full request after it has been answered, so the cut one was handled first.
    const later = await upload(c, 'resume', files.html(), 'cv.pdf', 'application/pdf');
    expect(later.status).toBe(400);
    expect(storedFiles(t)).toEqual(before);
    expect(await row(c)).toEqual({ profile_image: null, resume: null });
  });
});

describe('files belong to their owner', () => {
  it("user B cannot overwrite, remove or list user A's files by naming them", async () => {
    const a = await registerCandidate(t.app);
    const b = await registerCandidate(t.app);
    const aResume = (await upload(a, 'resume', files.pdf('A'), 'cv.pdf', 'application/pdf')).body.resume!;
    const aName = path.basename(aResume);
    const aBytes = fs.readFileSync(fileOf(aResume));

    const bUpload = await upload(b, 'resume', files.pdf('B'), aName, 'application/pdf');
    expect(bUpload.status).toBe(200);
    expect(bUpload.body.resume).not.toBe(aResume);
    const bAgain = await upload(b, 'resume', files.pdf('B2'), aName, 'application/pdf');
    expect(bAgain.status).toBe(200);
    expect(fs.readFileSync(fileOf(aResume)).equals(aBytes)).toBe(true);
    expect((await row(a)).resume).toBe(aResume);
    const bProfile = await t.app.inject({ url: '/api/v1/users/profile', headers: b.headers });
    expect(bProfile.json().resume).toBe(bAgain.body.resume);

    for (const probe of [
      '/uploads/resumes/',
      '/uploads/resumes',
      '/uploads/',
      `/uploads/photos/${aName}`,
      '/uploads/resumes/..%2F..%2Fspajobs.db',
      '/uploads/resumes/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `/uploads/resumes/${aName.toUpperCase()}`,
      `/uploads/resumes/${aName.replace(/^./, (ch) => (ch === '0' ? '1' : '0'))}`,
    ]) {
      const res = await fetch(`${base}${probe}`);
      expect(res.status, probe).toBe(404);
      expect(Buffer.from(await res.arrayBuffer()).includes('%PDF')).toBe(false);
    }
  });
});

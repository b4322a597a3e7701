import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import { isStoredName, UPLOAD_EXTENSIONS, type UploadKind } from './storage.ts';

export interface SweepOptions {
  database: Db;
  /** The uploads folder (DATA_DIR/uploads). */
  uploadsDir: string;
  /** Files younger than this are left alone: their row may still be on its way. */
  graceMs: number;
  now?: number;
}

const CHUNK = 500;

/** The public paths among `paths` that some row refers to. */
async function referenced(database: Db, paths: string[]): Promise<Set<string>> {
  const { db } = database;
  const found = new Set<string>();
  for (let i = 0; i < paths.length; i += CHUNK) {
    const chunk = paths.slice(i, i + CHUNK);
    const [photos, resumes, applied, logos] = await Promise.all([
      db.selectFrom('users').select('profile_image as p').where('profile_image', 'in', chunk).execute(),
      db.selectFrom('users').select('resume as p').where('resume', 'in', chunk).execute(),
      db.selectFrom('applications').select('resume as p').where('resume', 'in', chunk).execute(),
      db.selectFrom('spas').select('logo as p').where('logo', 'in', chunk).execute(),
    ]);
    for (const r of [...photos, ...resumes, ...applied, ...logos]) if (r.p) found.add(r.p);
  }
  // Gallery pictures sit in a JSON list on their spa: one pass over the
  // spas whose gallery holds uploaded pictures finds those still unclaimed.
  const unclaimed = new Set(paths.filter((p) => !found.has(p) && p.startsWith('/uploads/photos/')));
  if (unclaimed.size) {
    const rows = await db
      .selectFrom('spas')
      .select('gallery_images as g')
      .where('gallery_images', 'like', '%/uploads/photos/%')
      .execute();
    for (const r of rows)
      for (const p of JSON.parse(r.g || '[]') as string[]) if (unclaimed.has(p)) found.add(p);
  }
  return found;
}

/**
 * Removes uploaded files that no record refers to. Files are written before
 * the row that names them, so a crash between the two leaves a file behind;
 * this finds such files once they are older than the grace period. Files it
 * did not name itself (anything that is not a stored name) are left alone.
 */
export async function sweepOrphanUploads(opts: SweepOptions): Promise<{ checked: number; removed: number }> {
  const now = opts.now ?? Date.now();
  const candidates: { file: string; publicPath: string }[] = [];
  for (const kind of Object.keys(UPLOAD_EXTENSIONS) as UploadKind[]) {
    const dir = path.join(opts.uploadsDir, kind);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (!isStoredName(kind, name)) continue;
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile() || now - stat.mtimeMs < opts.graceMs) continue;
      candidates.push({ file, publicPath: `/uploads/${kind}/${name}` });
    }
  }
  const keep = await referenced(
    opts.database,
    candidates.map((c) => c.publicPath),
  );
  let removed = 0;
  for (const c of candidates) {
    if (keep.has(c.publicPath)) continue;
    await fs.rm(c.file, { force: true });
    removed++;
  }
  return { checked: candidates.length, removed };
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type UploadKind = 'photos' | 'resumes';

export const UPLOAD_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  photos: ['jpg', 'png'],
  resumes: ['pdf', 'doc', 'docx'],
};

/** Stored names are 128 random bits in hex plus an extension we chose: nothing else is ever served. */
const STORED_NAME = /^([a-f0-9]{32})\.([a-z]{3,4})$/;

/**
 * Where uploaded files live. The default keeps them in a local folder; another
 * implementation (object storage) only has to keep the same public paths.
 */
export interface Storage {
  /** Stores the bytes under a new random name and answers its public path (/uploads/<kind>/<name>). */
  save(kind: UploadKind, extension: string, data: Buffer): Promise<string>;
  /** Removes a file by its public path; unknown or foreign paths are ignored. */
  remove(publicPath: string | null | undefined): Promise<void>;
  /** The file behind a stored name, or null when the name is not one this storage could have made. */
  path(kind: UploadKind, name: string): string | null;
}

export function isStoredName(kind: UploadKind, name: string): boolean {
  const m = STORED_NAME.exec(name);
  return !!m && UPLOAD_EXTENSIONS[kind].includes(m[2]!);
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  async save(kind: UploadKind, extension: string, data: Buffer): Promise<string> {
    if (!UPLOAD_EXTENSIONS[kind].includes(extension)) throw new Error(`Unexpected ${kind} type ${extension}`);
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    const dir = path.join(this.root, kind);
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, name);
    try {
      // "wx": never overwrite, however unlikely a clash of 128 random bits is.
      await fs.writeFile(file, data, { flag: 'wx', mode: 0o640 });
    } catch (err) {
      await fs.rm(file, { force: true });
      throw err;
    }
    return `/uploads/${kind}/${name}`;
  }

  async remove(publicPath: string | null | undefined): Promise<void> {
    const m = /^\/uploads\/(photos|resumes)\/([^/]+)$/.exec(publicPath ?? '');
    if (!m) return;
    const file = this.path(m[1] as UploadKind, m[2]!);
    if (file) await fs.rm(file, { force: true });
  }

  path(kind: UploadKind, name: string): string | null {
    return isStoredName(kind, name) ? path.join(this.root, kind, name) : null;
  }
}

import { MAX_UPLOAD_BYTES } from './common.ts';
import { messages as m } from './messages.ts';

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

const ext = (name: string) => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();

export const RESUME_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
export const RESUME_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;
export const RESUME_ACCEPT = '.pdf,.doc,.docx,' + RESUME_MIME_TYPES.join(',');
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

const isResume = (f: FileLike) =>
  (RESUME_MIME_TYPES as readonly string[]).includes(f.type) ||
  (RESUME_EXTENSIONS as readonly string[]).includes(ext(f.name));
const isPhoto = (f: FileLike) =>
  (PHOTO_MIME_TYPES as readonly string[]).includes(f.type) ||
  (PHOTO_EXTENSIONS as readonly string[]).includes(ext(f.name));

/**
 * The browser's first check of a chosen file (type by mime type or extension,
 * size); the server checks the bytes again. Returns the spec's message or null.
 */
export function checkGuestResume(f: FileLike): string | null {
  if (!isResume(f)) return m.guestResumeType;
  if (f.size > MAX_UPLOAD_BYTES) return m.guestResumeSize;
  return null;
}

export function checkResumeUpload(f: FileLike | null | undefined): string | null {
  if (!f) return m.resumeMissing;
  if (!isResume(f)) return m.resumeType;
  if (f.size > MAX_UPLOAD_BYTES) return m.fileTooLarge;
  return null;
}

export function checkPhotoUpload(f: FileLike | null | undefined): string | null {
  if (!f) return m.photoMissing;
  if (!isPhoto(f)) return m.photoType;
  if (f.size > MAX_UPLOAD_BYTES) return m.fileTooLarge;
  return null;
}

/** A spa's logo or gallery picture, checked in the browser before it is sent. */
export function checkSpaPicture(f: FileLike | null | undefined): string | null {
  if (!f || !isPhoto(f)) return m.spaImageType;
  if (f.size > MAX_UPLOAD_BYTES) return m.fileTooLarge;
  return null;
}

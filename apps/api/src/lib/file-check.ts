import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** Longest side of a stored profile photo, in pixels. */
export const PHOTO_MAX_SIDE = 512;

export type ResumeExtension = 'pdf' | 'doc' | 'docx';

/**
 * The resume's type from its bytes, or null when it is not a PDF, DOC or DOCX.
 * DOC files are OLE compound files, a container other programs use too, so
 * those bytes are taken as a resume only under a .doc name.
 */
export async function resumeType(data: Buffer, fileName: string): Promise<ResumeExtension | null> {
  const type = await fileTypeFromBuffer(data);
  if (!type) return null;
  if (type.ext === 'pdf' && type.mime === 'application/pdf') return 'pdf';
  if (type.ext === 'docx') return 'docx';
  if (type.ext === 'cfb' && /\.doc$/i.test(fileName)) return 'doc';
  return null;
}

/**
 * A JPEG or PNG (by its bytes) re-encoded in the same format: turned upright,
 * fitted within 512×512 (or the side given) and written without metadata (EXIF, GPS, ICC), so
 * nothing but pixels is kept. Null when the bytes are not a usable JPEG or PNG.
 */
export async function normalisePhoto(
  data: Buffer,
  maxSide = PHOTO_MAX_SIDE,
): Promise<{ data: Buffer; extension: 'jpg' | 'png' } | null> {
  const type = await fileTypeFromBuffer(data);
  if (type?.mime !== 'image/jpeg' && type?.mime !== 'image/png') return null;
  try {
    const image = sharp(data, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    if (type.mime === 'image/png') return { data: await image.png().toBuffer(), extension: 'png' };
    return { data: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), extension: 'jpg' };
  } catch {
    return null;
  }
}

import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '@spajobs/contract/common';
import { messages } from '@spajobs/contract/messages';
import { HttpError } from '../lib/http-error.ts';

export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      // Keep file names as sent, so that one carrying a path is seen and refused.
      preservePath: true,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
    });
  },
  { name: 'multipart' },
);

export interface UploadedFile {
  field: string;
  /** As the client named it: for checks only, never part of a stored path. */
  fileName: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/**
 * Reads a multipart request into memory: its text fields and at most one file
 * from one of the named fields, up to 5 MB. Nothing is written anywhere here,
 * so a request that fails part-way (too big, cut off) leaves nothing behind.
 * An empty file part with no name is what a browser sends for a file input
 * left empty: it counts as no file.
 */
export async function readMultipart(
  req: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartBody> {
  if (!req.isMultipart()) throw new HttpError(400, messages.formNotMultipart);
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated) throw new HttpError(413, messages.uploadTooLarge);
      if (!fileFields.includes(part.fieldname)) continue;
      if (data.length === 0 && !part.filename) continue;
      if (file) throw new HttpError(400, messages.oneFileOnly);
      // Browsers send a bare name; a path in it is a crafted request.
      if (/[/\\\0]/.test(part.filename ?? '')) throw new HttpError(400, messages.fileNameInvalid);
      file = { field: part.fieldname, fileName: part.filename ?? '', data };
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, messages.uploadTooLarge);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, messages.oneFileOnly);
    // Anything else is a body the parser could not read: a missing or wrong
    // boundary, a malformed part header, a form cut off before its end.
    throw new HttpError(400, messages.invalidForm);
  }
  return { fields, file };
}

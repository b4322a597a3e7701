import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@spajobs/contract/messages';
import { notFound } from '../../lib/http-error.ts';
import type { UploadKind } from '../../lib/storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const params = z.object({ name: z.string().max(64) });

/**
 * Uploaded files, by the random name the storage gave them. Only names of that
 * exact shape are looked up, so there is no listing and no way out of the
 * folder. Photos are public and never change (a new photo gets a new name).
 * Resumes are private: the unguessable name is the capability, and they are
 * always downloaded, never shown inline, so a crafted file cannot run as a page.
 */
const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.ctx;

  const serve = (kind: UploadKind) =>
    app.get(`/uploads/${kind}/:name`, { schema: { hide: true, params } }, async (req, reply) => {
      const file = storage.path(kind, req.params.name);
      const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
      if (!file || !stat?.isFile()) throw notFound(messages.fileNotFound);
      const ext = req.params.name.split('.').pop()!;
      reply
        .type(CONTENT_TYPES[ext] ?? 'application/octet-stream')
        .header('content-length', stat.size)
        .header('x-content-type-options', 'nosniff');
      if (kind === 'photos') {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      } else {
        reply
          .header('content-disposition', `attachment; filename="resume.${ext}"`)
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store');
      }
      return reply.send(fs.createReadStream(file));
    });

  serve('photos');
  serve('resumes');
};

export default uploadRoutes;

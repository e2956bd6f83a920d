import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okResponse } from '../../lib/envelope.js';
import { AppError } from '../../lib/app-error.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { UPLOAD_MAX_BYTES, readImage, storeImage, type UploadDeps } from './uploads.service.js';

const tags = ['Uploads'];

/**
 * Reading the multipart stream touches neither disk nor database, so it fails only on what the client
 * sent (no boundary, a body cut short, a malformed part): busboy says so with plain Errors, not a 500.
 */
const malformedUpload = (): never => {
  throw AppError.badRequest('upload.fileMissing');
};

/** SPEC §7 `/file/upload` (multipart field `file`) and the owner-only reads of what was uploaded. */
export async function uploadsRoutes(app: FastifyInstance, options: { dir: string }) {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const deps: UploadDeps = { db: app.database.db, clock: app.clock, dir: options.dir };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/file/upload', {
    config: { auth: 'user', rateLimit: 'upload' },
    schema: { tags, summary: 'Upload one image (JPEG, PNG or WebP, at most 5 MB); answers its URL', consumes: ['multipart/form-data'], response: okResponse(z.object({ url: z.string() })) },
  }, async (request) => {
    const { user } = requireAuth(request);
    if (!request.isMultipart()) throw AppError.badRequest('upload.fileMissing');
    const file = await request.file().catch(malformedUpload);
    if (!file || file.fieldname !== 'file') throw AppError.badRequest('upload.fileMissing');
    // The name must claim an image too: a PNG named .exe is refused like any other non-image.
    if (file.filename && !/\.(jpe?g|png|webp)$/i.test(file.filename)) throw AppError.badRequest('upload.notImage');
    const bytes = await file.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw AppError.badRequest('upload.tooLarge', { size: UPLOAD_MAX_BYTES / 1024 / 1024 });
      return malformedUpload();
    });
    if (file.file.truncated) throw AppError.badRequest('upload.tooLarge', { size: UPLOAD_MAX_BYTES / 1024 / 1024 });
    if (bytes.length === 0) throw AppError.badRequest('upload.fileMissing');
    return ok(await storeImage(deps, user.id, bytes));
  });

  r.get('/file/:name', {
    config: { auth: 'user' },
    schema: { tags, summary: 'An uploaded image, for its owner and admins only', params: z.strictObject({ name: z.string().regex(/^[a-f0-9]{32}\.(jpg|png|webp)$/) }) },
  }, async (request, reply) => {
    const image = await readImage(deps, requireAuth(request), request.params.name);
    return reply
      .type(image.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(image.bytes);
  });
}

import { filesEndpoints as e, MAX_AVATAR_BYTES, MAX_UPLOAD_BYTES } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOk, ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { createImageFile, createPlainFile } from './files.create';
import { findDownload, sendDownload } from './files.download';
import { listFiles } from './files.list';
import { deleteFile, getFile, updateFile } from './files.service';
import { uploadLimits, withUpload } from './files.upload';

/** Uploads per user per minute, per upload route. */
const UPLOADS_PER_MINUTE = 60;

const uploadRateLimit = {
  rateLimit: {
    hook: 'preHandler' as const,
    timeWindow: '1 minute',
    max: UPLOADS_PER_MINUTE,
    keyGenerator: (request: FastifyRequest) => `upload:${request.ctx.actor?.userId ?? request.ip}`,
  },
};

// Who may reach which file: docs/authorization/files.md.
export default routes(async (app) => {
  // Registered here so that only these routes parse multipart; limits are set again per route.
  await app.register(multipart, { limits: uploadLimits(MAX_UPLOAD_BYTES) });
  const receiving = (maxBytes: number) => ({ tmpDir: app.uploadTmpDir, maxBytes });

  return [
    handle(
      e.uploadImage,
      (ctx, _input, request, reply) =>
        withUpload(request, reply, receiving(MAX_AVATAR_BYTES), async (upload) =>
          ok(await createImageFile(ctx, upload), tr('Изображение загружено')),
        ),
      { config: uploadRateLimit },
    ),

    handle(
      e.upload,
      (ctx, _input, request, reply) =>
        withUpload(request, reply, receiving(MAX_UPLOAD_BYTES), async (upload) =>
          ok(await createPlainFile(ctx, upload), tr('Файл загружен')),
        ),
      { config: uploadRateLimit },
    ),

    handle(e.list, async (ctx, { query }) => {
      const page = await listFiles(ctx, query);
      return listOk(page.items, page.meta, tr('Список файлов'));
    }),

    // ctx.actor is whoever sent a valid session, or null: an unknown or expired token is no viewer.
    handle(e.download, async (ctx, { params }, request, reply) =>
      sendDownload(
        ctx,
        await findDownload(ctx, { fileId: params.file_id }),
        request.headers['if-none-match'],
        reply,
      ),
    ),

    handle(e.get, async (ctx, { params }) => ok(await getFile(ctx, params), tr('Файл'))),

    handle(e.update, async (ctx, { params, body }) =>
      ok(await updateFile(ctx, { ...body, id: params.id }), tr('Файл обновлён')),
    ),

    handle(e.delete, async (ctx, { params }) => {
      await deleteFile(ctx, params);
      return ok(null, text('Файл удалён'));
    }),
  ];
});

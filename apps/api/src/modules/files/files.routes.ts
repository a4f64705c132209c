import {
  FileDownloadParamsSchema,
  FileListQuerySchema,
  FileListResponseSchema,
  FileResponseSchema,
  FileUpdateRequestSchema,
  IdParamsSchema,
  MAX_AVATAR_BYTES,
  MAX_UPLOAD_BYTES,
  MessageResponseSchema,
  UploadFileFieldsSchema,
  UploadImageFieldsSchema,
} from '@cabinet/contracts';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest, notFound } from '../../lib/app-error';
import { findSessionUser } from '../../lib/sessions';
import { StorageObjectNotFoundError } from '../../lib/storage/storage';
import { currentUser, readToken } from '../../plugins/auth';
import { contentDisposition, etagOf, findDownload, matchesEtag, servedType } from './files.download';
import { detectType } from './files.image';
import { listFiles } from './files.list';
import { toFileDto } from './files.mapper';
import {
  createImageFile,
  createPlainFile,
  deleteFile,
  FILE_NOT_FOUND_MESSAGE,
  type FileCaller,
  getFile,
  isReencodedImage,
  updateFile,
} from './files.service';
import { discardUpload, receiveUpload, uploadLimits } from './files.upload';

/** Public avatars may be cached a day by browsers and proxies; a new avatar is a new id, so a new URL. */
const AVATAR_CACHE_CONTROL = 'public, max-age=86400';
/** Uploads per user per minute, per upload route. */
const UPLOADS_PER_MINUTE = 60;

const caller = (request: FastifyRequest): FileCaller => {
  const user = currentUser(request);
  return { userId: user.userId, isAdmin: user.isAdmin };
};

/** The form's text fields through a contracts schema; a bad value is a 400 like any other. */
function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'form';
  const message =
    issue?.code === 'unrecognized_keys'
      ? 'Неизвестное поле формы'
      : (issue?.message ?? 'Некорректное значение');
  throw badRequest(message, { [field]: [message] });
}

const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here so that only these routes parse multipart; limits are set again per route.
  await app.register(multipart, { limits: uploadLimits(MAX_UPLOAD_BYTES) });

  const publicUrl = app.config.PUBLIC_URL;
  const quotaBytes = app.config.FILES_QUOTA_BYTES;
  const uploadRateLimit = {
    rateLimit: {
      hook: 'preHandler' as const,
      timeWindow: '1 minute',
      max: UPLOADS_PER_MINUTE,
      keyGenerator: (request: FastifyRequest) => `upload:${request.ctx.actor?.userId ?? request.ip}`,
    },
  };

  /**
   * Receives the file. When it fails part-way the rest of the body is not read: the connection is closed
   * after the answer instead, so a refused upload costs no more than the bytes already sent.
   */
  async function receive(request: FastifyRequest, reply: FastifyReply, maxBytes: number) {
    try {
      return await receiveUpload(request, { tmpDir: app.uploadTmpDir, maxBytes });
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
  }

  app.post(
    '/upload-image',
    {
      onRequest: app.authenticate,
      config: uploadRateLimit,
      schema: {
        tags: ['files'],
        summary: 'Uploads a JPEG or PNG image (multipart: file, group, storage)',
        description:
          'At most 5,000,000 bytes (413 «Файл слишком большой»). The type is detected from the bytes: anything ' +
          'but JPEG/PNG is 415 «Неправильный тип файла». The image is re-encoded (EXIF dropped, longest side ' +
          '≤ 2048 px, ≤ 40 megapixels in). group: a label of letters, digits, - and _ (≤ 32); avatar (the ' +
          'default) is public. A file that would take the user past FILES_QUOTA_BYTES is 413.',
        consumes: ['multipart/form-data'],
        response: { 200: FileResponseSchema },
      },
    },
    async (request, reply) => {
      const upload = await receive(request, reply, MAX_AVATAR_BYTES);
      try {
        const fields = parseFields(UploadImageFieldsSchema, upload.fields);
        const file = await createImageFile(app.prisma, app.storage, {
          userId: caller(request).userId,
          group: fields.group,
          upload,
          quotaBytes,
        });
        return { success: true as const, message: 'Изображение загружено', data: toFileDto(file, publicUrl) };
      } finally {
        await discardUpload(upload);
      }
    },
  );

  app.post(
    '/upload',
    {
      onRequest: app.authenticate,
      config: uploadRateLimit,
      schema: {
        tags: ['files'],
        summary: 'Uploads any file, stored as sent (multipart: file, group, storage)',
        description:
          'At most 20,000,000 bytes (413). The stored type is the one detected from the bytes, else ' +
          'application/octet-stream; the file is private to its owner and admins. group: a label of ' +
          'letters, digits, - and _ (≤ 32), not avatar. A file that would take the user past ' +
          'FILES_QUOTA_BYTES is 413.',
        consumes: ['multipart/form-data'],
        response: { 200: FileResponseSchema },
      },
    },
    async (request, reply) => {
      const upload = await receive(request, reply, MAX_UPLOAD_BYTES);
      try {
        const fields = parseFields(UploadFileFieldsSchema, upload.fields);
        const file = await createPlainFile(app.prisma, app.storage, {
          userId: caller(request).userId,
          group: fields.group,
          upload,
          detected: await detectType(upload.tmpPath),
          quotaBytes,
        });
        return { success: true as const, message: 'Файл загружен', data: toFileDto(file, publicUrl) };
      } finally {
        await discardUpload(upload);
      }
    },
  );

  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['files'],
        summary: 'Own files (admins: all, filtered by user_ids[]); page, perPage, sort_by, order, name',
        querystring: FileListQuerySchema,
        response: { 200: FileListResponseSchema },
      },
    },
    async (request) => {
      const { files, meta } = await listFiles(app.prisma, caller(request), request.query);
      return {
        success: true as const,
        message: 'Список файлов',
        data: files.map((f) => toFileDto(f, publicUrl)),
        meta,
      };
    },
  );

  app.get(
    '/download/:file_id',
    {
      schema: {
        tags: ['files'],
        summary: 'The bytes of a file: avatars for anyone, other files for their owner and admins',
        description:
          'No session is needed for avatars (an <img> cannot send one). Private files answer 404 to anyone ' +
          'but their owner and admins, with or without a token.',
        params: FileDownloadParamsSchema,
        security: [{}, { session: [] }, { bearer: [] }],
      },
    },
    async (request, reply) => {
      const token = readToken(request);
      const session = token && token.length <= 512 ? await findSessionUser(app.prisma, token) : null;
      const viewer = session ? { userId: session.userId, isAdmin: session.isAdmin } : null;
      const { file, isPublic } = await findDownload(app.prisma, request.params.file_id, viewer);

      const etag = etagOf(file);
      reply.header('x-content-type-options', 'nosniff');
      // A downloaded file is never a page: no scripts, no plugins, even if a browser were tricked.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (isPublic) {
        reply.header('cache-control', AVATAR_CACHE_CONTROL);
        reply.header('etag', etag);
        // Avatars are shown by other sites and by the desktop app.
        reply.header('cross-origin-resource-policy', 'cross-origin');
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      } else {
        reply.header('cache-control', 'private, no-store');
      }

      let body: Awaited<ReturnType<ReturnType<typeof app.storage.driver>['get']>>;
      try {
        body = await app.storage.driver(file.disk).get(file.path);
      } catch (error) {
        if (!(error instanceof StorageObjectNotFoundError)) throw error;
        request.log.warn({ fileId: file.id, key: file.path }, 'stored object of a file row is missing');
        reply.removeHeader('etag');
        reply.header('cache-control', 'no-store');
        throw notFound(FILE_NOT_FOUND_MESSAGE);
      }
      const inline = isReencodedImage(file);
      reply.header('content-type', inline ? file.mime : servedType(file.mime));
      reply.header('content-length', String(file.size));
      reply.header(
        'content-disposition',
        contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
      );
      return reply.send(body);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['files'],
        summary: 'One own file (admins: any); another user’s file is 404',
        params: IdParamsSchema,
        response: { 200: FileResponseSchema },
      },
    },
    async (request) => {
      const file = await getFile(app.prisma, caller(request), request.params.id);
      return { success: true as const, message: 'Файл', data: toFileDto(file, publicUrl) };
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['files'],
        summary: 'Renames (original_name) and describes a file: name, alt, description, sort',
        params: IdParamsSchema,
        body: FileUpdateRequestSchema,
        response: { 200: FileResponseSchema },
      },
    },
    async (request) => {
      const file = await updateFile(app.prisma, caller(request), request.params.id, request.body ?? {});
      return { success: true as const, message: 'Файл обновлён', data: toFileDto(file, publicUrl) };
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['files'],
        summary: 'Deletes a file and its bytes; where it was an avatar, the avatar is cleared',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await deleteFile(app.prisma, app.storage, caller(request), request.params.id, (error, file) =>
        request.log.warn({ err: error, key: file.path }, 'stored object left behind after file deletion'),
      );
      return { success: true as const, message: 'Файл удалён', data: null };
    },
  );
};

export default filesRoutes;

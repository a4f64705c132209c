import type { Readable } from 'node:stream';
import { FILE_GROUP_AVATAR } from '@cabinet/contracts';
import type { FastifyReply } from 'fastify';
import type { File } from '../../generated/prisma/client';
import { Prisma } from '../../generated/prisma/client';
import { notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { readRows } from '../../lib/sql';
import { StorageObjectNotFoundError } from '../../lib/storage/storage';
import { FILE_NOT_FOUND_MESSAGE, isReencodedImage } from './files.service';

// GET /files/download/{id}: who may read a file, and the response headers (decision 0033).

/** Public avatars may be cached a day by browsers and proxies; a new avatar is a new id, so a new URL. */
const AVATAR_CACHE_CONTROL = 'public, max-age=86400';

/** Types a browser could run as a page or script: never sent as such, whatever was detected. */
const ACTIVE_TYPES = /html|svg|xml|javascript|ecmascript|x-shockwave-flash|^text\/(css|vtt)|^multipart\//i;

/** The Content-Type to send: the stored, detected type, unless a browser could execute it. */
export function servedType(mime: string): string {
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(mime) || ACTIVE_TYPES.test(mime)) {
    return 'application/octet-stream';
  }
  return mime;
}

/** RFC 5987 value: UTF-8, percent-encoded beyond attr-char. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * RFC 6266 Content-Disposition: an ASCII fallback in `filename` (anything else becomes '_') and the real
 * name in `filename*=UTF-8''…`.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'file';
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

export const etagOf = (file: Pick<File, 'hash'>) => `"${file.hash}"`;

/** If-None-Match against one strong ETag (weak comparison, as RFC 9110 says for this header). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** What a download reads of a file row. */
type DownloadFile = Pick<
  File,
  'id' | 'userId' | 'group' | 'disk' | 'path' | 'mime' | 'size' | 'hash' | 'originalName'
>;

interface Download {
  file: DownloadFile;
  isPublic: boolean;
}

/**
 * GET /download/{file_id}: the file and whether it is public. Avatars are public: group 'avatar', or any
 * re-encoded image that is a user's or an organization's avatar. Everything else is for its owner and
 * admins; anyone else (signed in or not, the viewer being ctx.actor) gets 404. One statement: the row and
 * whether an account or an organization shows it (their unique avatar_file_id indexes).
 */
export async function findDownload(ctx: RequestContext, { fileId }: { fileId: number }): Promise<Download> {
  const [row] = await readRows<DownloadFile & { usedAsAvatar: boolean }>(
    ctx.pool,
    Prisma.sql`
    SELECT f.id, f.user_id AS "userId", f."group", f.disk, f.path, f.mime, f.size, f.hash,
      f.original_name AS "originalName",
      (EXISTS (SELECT 1 FROM users WHERE avatar_file_id = f.id)
        OR EXISTS (SELECT 1 FROM organizations WHERE avatar_file_id = f.id)) AS "usedAsAvatar"
    FROM files f WHERE f.id = ${fileId}::int`,
  );
  if (!row) throw notFound(tr(FILE_NOT_FOUND_MESSAGE));
  const { usedAsAvatar, ...file } = row;
  const isAvatar = file.group === FILE_GROUP_AVATAR || usedAsAvatar;
  const isPublic = isAvatar && isReencodedImage(file);
  const viewer = ctx.actor;
  if (!isPublic && !(viewer && (viewer.isAdmin || viewer.userId === file.userId))) {
    throw notFound(tr(FILE_NOT_FOUND_MESSAGE));
  }
  return { file, isPublic };
}

/**
 * Sends the download's bytes with its headers: a public file cacheable with an ETag (304 when it matches
 * `ifNoneMatch`), a private one never stored; only re-encoded images inline.
 */
export async function sendDownload(
  ctx: RequestContext,
  { file, isPublic }: Download,
  ifNoneMatch: string | undefined,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const etag = etagOf(file);
  reply.header('x-content-type-options', 'nosniff');
  // A downloaded file is never a page: no scripts, no plugins, even if a browser were tricked.
  reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (isPublic) {
    reply.header('cache-control', AVATAR_CACHE_CONTROL);
    reply.header('etag', etag);
    // Avatars are shown by other sites and by the desktop app.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (matchesEtag(ifNoneMatch, etag)) return reply.code(304).send();
  } else {
    reply.header('cache-control', 'private, no-store');
  }

  let body: Readable;
  try {
    body = await ctx.storage.driver(file.disk).get(file.path);
  } catch (error) {
    if (!(error instanceof StorageObjectNotFoundError)) throw error;
    ctx.log.warn({ fileId: file.id, key: file.path }, 'stored object of a file row is missing');
    reply.removeHeader('etag');
    reply.header('cache-control', 'no-store');
    throw notFound(tr(FILE_NOT_FOUND_MESSAGE));
  }
  const inline = isReencodedImage(file);
  reply.header('content-type', inline ? file.mime : servedType(file.mime));
  reply.header('content-length', String(file.size));
  reply.header(
    'content-disposition',
    contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
  );
  return reply.send(body);
}

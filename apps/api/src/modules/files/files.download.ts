import { FILE_GROUP_AVATAR } from '@cabinet/contracts';
import type { File } from '../../generated/prisma/client';
import { notFound } from '../../lib/app-error';
import type { Prisma } from '../../plugins/db/database';
import { FILE_NOT_FOUND_MESSAGE, type FileCaller, isReencodedImage } from './files.service';

// GET /files/download/{id}: who may read a file, and the response headers (decision 0033).

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

/**
 * GET /download/{file_id}: the file and whether it is public. Avatars are public: group 'avatar', or any
 * re-encoded image that is a user's or an organization's avatar. Everything else is for its owner and
 * admins; anyone else (signed in or not) gets 404.
 */
export async function findDownload(
  prisma: Prisma,
  fileId: number,
  viewer: FileCaller | null,
): Promise<{ file: File; isPublic: boolean }> {
  const row = await prisma.file.findUnique({
    where: { id: fileId },
    include: { userAvatarOf: { select: { id: true } }, organizationAvatarOf: { select: { id: true } } },
  });
  if (!row) throw notFound(FILE_NOT_FOUND_MESSAGE);
  const { userAvatarOf, organizationAvatarOf, ...file } = row;
  const isAvatar = file.group === FILE_GROUP_AVATAR || userAvatarOf !== null || organizationAvatarOf !== null;
  const isPublic = isAvatar && isReencodedImage(file);
  if (!isPublic && !(viewer && (viewer.isAdmin || viewer.userId === file.userId))) {
    throw notFound(FILE_NOT_FOUND_MESSAGE);
  }
  return { file, isPublic };
}

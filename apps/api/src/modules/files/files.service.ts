import type { FileEntity, FileUpdateRequest } from '@cabinet/contracts';
import type { File } from '../../generated/prisma/client';
import { badRequest, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { isRecordNotFound, mapPrismaErrors } from '../../lib/prisma-errors';
import type { Storage } from '../../lib/storage/storage';
import { type Prisma, type Tx, transaction } from '../../plugins/db/database';
import { IMAGE_TYPES } from './files.image';
import { toFileDto } from './files.mapper';
import { releaseQuota } from './files.quota';

// Files: rows in `files`, bytes in the storage driver named by the row's `disk`.
// Access rule (docs/authorization/files.md): a file is its owner's; admins reach every file; anyone else
// gets 404, so nobody learns which ids exist. Avatars are the one public exception, at download only.
// Uploads are in files.create.ts, the list in files.list.ts, downloads in files.download.ts.

export const FILE_NOT_FOUND_MESSAGE = trId('Файл не найден');

/** Storage key prefixes: re-encoded images (safe to show inline) and files stored as they came. */
export const IMAGE_PREFIX = 'images/';
export const UPLOAD_PREFIX = 'uploads/';

/** True for images this server re-encoded itself: the only files ever served inline or used as avatars. */
export function isReencodedImage(file: Pick<File, 'path' | 'mime'>): boolean {
  return file.path.startsWith(IMAGE_PREFIX) && file.mime in IMAGE_TYPES;
}

/** The file's row if the caller may see it (owner or admin), else 404 whether or not it exists. */
async function requireFile(ctx: SignedInContext, fileId: number): Promise<File> {
  const file = await ctx.prisma.file.findUnique({ where: { id: fileId } });
  if (!file || (!ctx.actor.isAdmin && file.userId !== ctx.actor.userId))
    throw notFound(tr(FILE_NOT_FOUND_MESSAGE));
  return file;
}

/** GET /files/{id}. */
export async function getFile(ctx: SignedInContext, { id }: { id: number }): Promise<FileEntity> {
  return toFileDto(await requireFile(ctx, id), ctx.config.PUBLIC_URL);
}

/** PUT /files/{id}: display name (original_name), alt, description, sort. The stored name and path stay. */
export async function updateFile(
  ctx: SignedInContext,
  { id, ...body }: FileUpdateRequest & { id: number },
): Promise<FileEntity> {
  await requireFile(ctx, id);
  const file = await mapPrismaErrors(
    () =>
      ctx.prisma.file.update({
        where: { id },
        data: {
          ...(body.name !== undefined && { originalName: body.name }),
          ...(body.alt !== undefined && { alt: body.alt === '' ? null : body.alt }),
          ...(body.description !== undefined && {
            description: body.description === '' ? null : body.description,
          }),
          ...(body.sort !== undefined && { sort: body.sort }),
        },
      }),
    // Deleted in between.
    { notFound: notFound(tr(FILE_NOT_FOUND_MESSAGE)) },
  );
  return toFileDto(file, ctx.config.PUBLIC_URL);
}

/**
 * Deletes a file's row, then its stored object. Avatar references (users.avatar_file_id,
 * organizations.avatar_file_id) become NULL through their foreign keys. The row goes first: bytes without
 * a row are harmless garbage, a row without bytes is a broken link. Returns false if no such file.
 * A failure to delete the bytes is reported to `onOrphan` (the caller logs it) and does not fail the call.
 */
async function deleteFileWithBytes(
  prisma: Prisma,
  storage: Storage,
  fileId: number,
  onOrphan: (error: unknown, file: File) => void,
  /** Runs in the row's transaction (the audit event). */
  onDeleted: (tx: Tx, file: File) => Promise<void>,
): Promise<boolean> {
  let file: File;
  try {
    // The row and its bytes in the quota go together.
    file = await transaction(prisma, async (tx) => {
      const deleted = await tx.file.delete({ where: { id: fileId } });
      await releaseQuota(tx, deleted.userId, deleted.size);
      await onDeleted(tx, deleted);
      return deleted;
    });
  } catch (error) {
    if (isRecordNotFound(error)) return false;
    throw error;
  }
  await deleteObjects(storage, [file], onOrphan);
  return true;
}

/** DELETE /files/{id}: owner or admin; anyone else 404. */
export async function deleteFile(ctx: SignedInContext, { id }: { id: number }): Promise<void> {
  await requireFile(ctx, id);
  const onOrphan = (error: unknown, file: File) =>
    ctx.log.warn({ err: error, key: file.path }, 'stored object left behind after file deletion');
  const audit = (tx: Tx, file: File) =>
    recordAudit(tx, ctx, {
      action: 'file.deleted',
      targetId: file.id,
      details: { name: file.originalName, group: file.group, size: file.size, owner_id: file.userId },
    });
  if (!(await deleteFileWithBytes(ctx.prisma, ctx.storage, id, onOrphan, audit))) {
    throw notFound(tr(FILE_NOT_FOUND_MESSAGE));
  }
}

async function deleteObjects(
  storage: Storage,
  files: Pick<File, 'disk' | 'path'>[],
  onOrphan: (error: unknown, file: File) => void,
) {
  for (const file of files) {
    try {
      await storage.driver(file.disk).delete(file.path);
    } catch (error) {
      onOrphan(error, file as File);
    }
  }
}

/**
 * Removes all of a user's files: rows first (one statement, with their bytes given back to the quota in the
 * same transaction), then the stored objects. Call it BEFORE the user row is deleted (the rows would
 * otherwise cascade away and the objects could no longer be found). Returns how many files went.
 */
export async function deleteUserFiles(
  prisma: Prisma,
  storage: Storage,
  userId: number,
  onOrphan: (error: unknown, file: File) => void = () => {},
): Promise<number> {
  // DELETE … RETURNING: exactly the rows this statement removed, whatever else runs at once.
  const files = await transaction(prisma, async (tx) => {
    const rows = await tx.$queryRaw<{ disk: string; path: string; size: number }[]>`
      DELETE FROM "files" WHERE "user_id" = ${userId} RETURNING "disk", "path", "size"`;
    await releaseQuota(
      tx,
      userId,
      rows.reduce((sum, row) => sum + row.size, 0),
    );
    return rows;
  });
  await deleteObjects(storage, files, onOrphan);
  return files.length;
}

/**
 * For profile and organizations (image_id): the file must exist, be userId's own and be a JPEG/PNG this
 * server re-encoded. Throws 400 with the reason under `image_id`; a missing file and someone else's file
 * get the same answer, so ids cannot be probed.
 */
export async function assertOwnImage(prisma: Prisma, userId: number, fileId: number): Promise<File> {
  const file = await prisma.file.findUnique({ where: { id: fileId } });
  if (!file || file.userId !== userId) {
    throw badRequest(tr('Изображение не найдено'), { image_id: [tr('Изображение не найдено')] });
  }
  if (!isReencodedImage(file)) {
    const message = tr('Файл должен быть изображением JPEG или PNG, загруженным через upload-image');
    throw badRequest(message, { image_id: [message] });
  }
  return file;
}

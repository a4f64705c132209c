import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FileUpdateRequest } from '@cabinet/contracts';
import type { File } from '../../generated/prisma/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { Storage } from '../../lib/storage/storage';
import type { Prisma } from '../../plugins/db/database';
import { IMAGE_TYPES, reencodeImage } from './files.image';
import { assertQuotaRoom, releaseQuota, reserveQuota } from './files.quota';
import { extensionOf, type ReceivedUpload } from './files.upload';

// Files: rows in `files`, bytes in the storage driver named by the row's `disk`.
// Access rule (docs/authorization/files.md): a file is its owner's; admins reach every file; anyone else
// gets 404, so nobody learns which ids exist. Avatars are the one public exception, at download only.

export const FILE_NOT_FOUND_MESSAGE = 'Файл не найден';

const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

export interface FileCaller {
  userId: number;
  isAdmin: boolean;
}

/** Storage key prefixes: re-encoded images (safe to show inline) and files stored as they came. */
const IMAGE_PREFIX = 'images/';
const UPLOAD_PREFIX = 'uploads/';

/** True for images this server re-encoded itself: the only files ever served inline or used as avatars. */
export function isReencodedImage(file: Pick<File, 'path' | 'mime'>): boolean {
  return file.path.startsWith(IMAGE_PREFIX) && file.mime in IMAGE_TYPES;
}

/** A server-made name and key: 32 random hex digits, fanned out by their first two. */
function newStorageName(prefix: string, extension: string) {
  const id = randomBytes(16).toString('hex');
  const name = `${id}.${extension}`;
  return { name, key: `${prefix}${id.slice(0, 2)}/${name}` };
}

interface NewFile {
  userId: number;
  group: string;
  originalName: string;
  extension: string;
  mime: string;
  size: number;
  hash: string;
  body: Readable | Buffer;
  prefix: string;
  /** FILES_QUOTA_BYTES: the user's stored bytes may not pass it (decision 0095). */
  quotaBytes: number;
}

/**
 * Stores the bytes, then, in one transaction, takes room in the user's quota and writes the row. If the
 * quota is full or the row cannot be written, the stored object is removed again and nothing is kept.
 */
async function storeFile(prisma: Prisma, storage: Storage, input: NewFile): Promise<File> {
  await assertQuotaRoom(prisma, input.userId, input.size, input.quotaBytes);
  const driver = storage.current;
  const { name, key } = newStorageName(input.prefix, input.extension);
  await driver.put(key, input.body, input.mime);
  try {
    return await prisma.$transaction(async (tx) => {
      await reserveQuota(tx, input.userId, input.size, input.quotaBytes);
      return tx.file.create({
        data: {
          userId: input.userId,
          name,
          originalName: input.originalName,
          extension: input.extension,
          mime: input.mime,
          size: input.size,
          hash: input.hash,
          disk: driver.disk,
          path: key,
          group: input.group,
        },
      });
    }, TX_OPTIONS);
  } catch (error) {
    await driver.delete(key).catch(() => {});
    throw error;
  }
}

/** POST /upload-image: a real JPEG or PNG, re-encoded (files.image.ts). */
export async function createImageFile(
  prisma: Prisma,
  storage: Storage,
  input: { userId: number; group: string; upload: ReceivedUpload; quotaBytes: number },
): Promise<File> {
  const image = await reencodeImage(input.upload.tmpPath);
  return storeFile(prisma, storage, {
    userId: input.userId,
    group: input.group,
    originalName: input.upload.originalName,
    extension: image.extension,
    mime: image.mime,
    size: image.data.length,
    hash: createHash('sha256').update(image.data).digest('hex'),
    body: image.data,
    prefix: IMAGE_PREFIX,
    quotaBytes: input.quotaBytes,
  });
}

/** POST /upload: any file, stored byte for byte; its type is detected, never taken from the client. */
export async function createPlainFile(
  prisma: Prisma,
  storage: Storage,
  input: {
    userId: number;
    group: string;
    upload: ReceivedUpload;
    detected: { mime: string; ext: string } | null;
    quotaBytes: number;
  },
): Promise<File> {
  const { upload, detected } = input;
  return storeFile(prisma, storage, {
    userId: input.userId,
    group: input.group,
    originalName: upload.originalName,
    extension: detected?.ext ?? extensionOf(upload.originalName) ?? 'bin',
    mime: detected?.mime ?? 'application/octet-stream',
    size: upload.size,
    hash: upload.sha256,
    body: createReadStream(upload.tmpPath),
    prefix: UPLOAD_PREFIX,
    quotaBytes: input.quotaBytes,
  });
}

/** The file if the caller may see it (owner or admin), else 404 whether or not it exists. */
export async function getFile(prisma: Prisma, caller: FileCaller, fileId: number): Promise<File> {
  const file = await prisma.file.findUnique({ where: { id: fileId } });
  if (!file || (!caller.isAdmin && file.userId !== caller.userId)) throw notFound(FILE_NOT_FOUND_MESSAGE);
  return file;
}

const isRecordNotFound = (error: unknown) => (error as { code?: unknown }).code === 'P2025';

/** PUT /files/{id}: display name (original_name), alt, description, sort. The stored name and path stay. */
export async function updateFile(
  prisma: Prisma,
  caller: FileCaller,
  fileId: number,
  body: FileUpdateRequest,
): Promise<File> {
  await getFile(prisma, caller, fileId);
  try {
    return await prisma.file.update({
      where: { id: fileId },
      data: {
        ...(body.name !== undefined && { originalName: body.name }),
        ...(body.alt !== undefined && { alt: body.alt === '' ? null : body.alt }),
        ...(body.description !== undefined && {
          description: body.description === '' ? null : body.description,
        }),
        ...(body.sort !== undefined && { sort: body.sort }),
      },
    });
  } catch (error) {
    // Deleted in between.
    if (isRecordNotFound(error)) throw notFound(FILE_NOT_FOUND_MESSAGE);
    throw error;
  }
}

/**
 * Deletes a file's row, then its stored object. Avatar references (users.avatar_file_id,
 * organizations.avatar_file_id) become NULL through their foreign keys. The row goes first: bytes without
 * a row are harmless garbage, a row without bytes is a broken link. Returns false if no such file.
 * A failure to delete the bytes is reported to `onOrphan` (the caller logs it) and does not fail the call.
 */
export async function deleteFileWithBytes(
  prisma: Prisma,
  storage: Storage,
  fileId: number,
  onOrphan: (error: unknown, file: File) => void = () => {},
): Promise<boolean> {
  let file: File;
  try {
    // The row and its bytes in the quota go together.
    file = await prisma.$transaction(async (tx) => {
      const deleted = await tx.file.delete({ where: { id: fileId } });
      await releaseQuota(tx, deleted.userId, deleted.size);
      return deleted;
    }, TX_OPTIONS);
  } catch (error) {
    if (isRecordNotFound(error)) return false;
    throw error;
  }
  await deleteObjects(storage, [file], onOrphan);
  return true;
}

/** DELETE /files/{id}: owner or admin; anyone else 404. */
export async function deleteFile(
  prisma: Prisma,
  storage: Storage,
  caller: FileCaller,
  fileId: number,
  onOrphan?: (error: unknown, file: File) => void,
): Promise<void> {
  await getFile(prisma, caller, fileId);
  if (!(await deleteFileWithBytes(prisma, storage, fileId, onOrphan))) throw notFound(FILE_NOT_FOUND_MESSAGE);
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
  const files = await prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ disk: string; path: string; size: number }[]>`
      DELETE FROM "files" WHERE "user_id" = ${userId} RETURNING "disk", "path", "size"`;
    await releaseQuota(
      tx,
      userId,
      rows.reduce((sum, row) => sum + row.size, 0),
    );
    return rows;
  }, TX_OPTIONS);
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
    throw badRequest('Изображение не найдено', { image_id: ['Изображение не найдено'] });
  }
  if (!isReencodedImage(file)) {
    const message = 'Файл должен быть изображением JPEG или PNG, загруженным через upload-image';
    throw badRequest(message, { image_id: [message] });
  }
  return file;
}

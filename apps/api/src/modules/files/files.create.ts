import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { type FileEntity, UploadFileFieldsSchema, UploadImageFieldsSchema } from '@cabinet/contracts';
import type { File } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { transaction } from '../../plugins/db/database';
import { detectType, reencodeImage } from './files.image';
import { toFileDto } from './files.mapper';
import { assertQuotaRoom, reserveQuota } from './files.quota';
import { IMAGE_PREFIX, UPLOAD_PREFIX } from './files.service';
import { extensionOf, parseFields, type ReceivedUpload } from './files.upload';

// POST /upload-image and /upload: a received upload becomes stored bytes and a file row of the caller.

/** A server-made name and key: 32 random hex digits, fanned out by their first two. */
function newStorageName(prefix: string, extension: string) {
  const id = randomBytes(16).toString('hex');
  const name = `${id}.${extension}`;
  return { name, key: `${prefix}${id.slice(0, 2)}/${name}` };
}

interface NewFile {
  group: string;
  originalName: string;
  extension: string;
  mime: string;
  size: number;
  hash: string;
  body: Readable | Buffer;
  prefix: string;
}

/**
 * Stores the bytes, then, in one transaction, takes room in the caller's quota (FILES_QUOTA_BYTES, decision
 * 0095) and writes the row. If the quota is full or the row cannot be written, the stored object is removed
 * again and nothing is kept.
 */
async function storeFile(ctx: SignedInContext, input: NewFile): Promise<FileEntity> {
  const { prisma, storage, config } = ctx;
  const userId = ctx.actor.userId;
  const quotaBytes = config.FILES_QUOTA_BYTES;
  await assertQuotaRoom(prisma, userId, input.size, quotaBytes);
  const driver = storage.current;
  const { name, key } = newStorageName(input.prefix, input.extension);
  await driver.put(key, input.body, input.mime);
  let file: File;
  try {
    file = await transaction(prisma, async (tx) => {
      await reserveQuota(tx, userId, input.size, quotaBytes);
      return tx.file.create({
        data: {
          userId,
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
    });
  } catch (error) {
    await driver.delete(key).catch(() => {});
    throw error;
  }
  return toFileDto(file, config.PUBLIC_URL);
}

/** POST /upload-image: a real JPEG or PNG, re-encoded (files.image.ts). */
export async function createImageFile(ctx: SignedInContext, upload: ReceivedUpload): Promise<FileEntity> {
  const { group } = parseFields(UploadImageFieldsSchema, upload.fields);
  const image = await reencodeImage(upload.tmpPath);
  return storeFile(ctx, {
    group,
    originalName: upload.originalName,
    extension: image.extension,
    mime: image.mime,
    size: image.data.length,
    hash: createHash('sha256').update(image.data).digest('hex'),
    body: image.data,
    prefix: IMAGE_PREFIX,
  });
}

/** POST /upload: any file, stored byte for byte; its type is detected, never taken from the client. */
export async function createPlainFile(ctx: SignedInContext, upload: ReceivedUpload): Promise<FileEntity> {
  const { group } = parseFields(UploadFileFieldsSchema, upload.fields);
  const detected = await detectType(upload.tmpPath);
  return storeFile(ctx, {
    group,
    originalName: upload.originalName,
    extension: detected?.ext ?? extensionOf(upload.originalName) ?? 'bin',
    mime: detected?.mime ?? 'application/octet-stream',
    size: upload.size,
    hash: upload.sha256,
    body: createReadStream(upload.tmpPath),
    prefix: UPLOAD_PREFIX,
  });
}

import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { cleanFileName } from '@cabinet/contracts';
import { text, textId } from '@cabinet/contracts/i18n';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/app-error';
import { tr } from '../../lib/i18n';

// Receiving one multipart file: streamed into a temporary file under DATA_DIR/tmp/uploads while its bytes
// are counted and hashed, so memory stays flat whatever is sent, and the size limit is exact and enforced
// the moment it is crossed (decision 0030).

export const FILE_TOO_LARGE_MESSAGE = textId('Файл слишком большой');

export const fileTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', text(FILE_TOO_LARGE_MESSAGE));

export interface ReceivedUpload {
  /** The temporary file; the caller removes it (discardUpload) whatever happens next. */
  tmpPath: string;
  size: number;
  /** SHA-256 hex of the received bytes. */
  sha256: string;
  /** The name the client gave, cleaned (cleanOriginalName). */
  originalName: string;
  /** The text fields of the form, by name. */
  fields: Record<string, string>;
}

/** Fields an upload form may carry besides `file`. */
const KNOWN_FIELDS = new Set(['group', 'storage']);

/** Per-request multipart limits: one file, a few short fields, nothing else. */
export const uploadLimits = (maxBytes: number) => ({
  fileSize: maxBytes,
  files: 1,
  fields: 4,
  fieldNameSize: 64,
  fieldSize: 256,
  parts: 6,
  headerPairs: 20,
});

/** The client's file name as a display name (cleanFileName, as for renames); 'file' when nothing is left. */
export function cleanOriginalName(raw: string | undefined): string {
  return cleanFileName(raw ?? '') || 'file';
}

/** A short lower-case extension from a client's name (for types that cannot be detected), or null. */
export function extensionOf(name: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match?.[1]?.toLowerCase() ?? null;
}

function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_FILES_LIMIT':
      return badRequest(tr('Можно загрузить только один файл за раз'));
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(tr('Слишком много полей в форме'));
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(tr('Некорректное поле формы'));
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest(tr('Загрузка прервана'));
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return error;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && /multipart|part terminated|boundary/i.test(message)) {
    return badRequest(tr('Некорректные данные формы'));
  }
  return error;
}

/** Streams one part into `tmpPath`, counting and hashing; refuses the byte after `maxBytes` at once. */
async function writePart(part: MultipartFile, tmpPath: string, maxBytes: number) {
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(fileTooLarge());
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  // The parser stops at maxBytes and says so with 'limit': abort the write there rather than wait for
  // the rest of the request body.
  part.file.once('limit', () => counter.destroy(fileTooLarge()));
  await pipeline(part.file, counter, createWriteStream(tmpPath, { flags: 'wx' }));
  if (part.file.truncated) throw fileTooLarge();
  return { size, sha256: hash.digest('hex') };
}

/**
 * Reads the multipart form of `request`: exactly one file in field `file`, plus the optional text fields
 * group and storage. On any failure nothing is left in `tmpDir`.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: { tmpDir: string; maxBytes: number },
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | null = null;
  let tmpPath: string | null = null;
  try {
    for await (const part of request.parts({ limits: uploadLimits(options.maxBytes) })) {
      if (part.type === 'field') {
        const field = part as MultipartValue<unknown>;
        if (!KNOWN_FIELDS.has(field.fieldname))
          throw badRequest(tr('Неизвестное поле: {fields}', { fields: field.fieldname.slice(0, 64) }));
        if (field.fieldnameTruncated || field.valueTruncated || typeof field.value !== 'string') {
          throw badRequest(tr('{fieldname}: некорректное значение', { fieldname: field.fieldname }));
        }
        if (field.fieldname in fields)
          throw badRequest(tr('{fieldname}: поле передано дважды', { fieldname: field.fieldname }));
        fields[field.fieldname] = field.value;
        continue;
      }
      if (part.fieldname !== 'file') throw badRequest(tr('Файл ожидается в поле file'));
      tmpPath = path.join(options.tmpDir, `upload-${randomBytes(16).toString('hex')}`);
      const { size, sha256 } = await writePart(part, tmpPath, options.maxBytes);
      received = { tmpPath, size, sha256, originalName: cleanOriginalName(part.filename) };
    }
  } catch (error) {
    if (tmpPath) await rm(tmpPath, { force: true });
    throw multipartError(error);
  }
  if (!received) throw badRequest(tr('Файл не передан'), { file: [tr('Выберите файл')] });
  if (received.size === 0) {
    await rm(received.tmpPath, { force: true });
    throw badRequest(tr('Файл пустой'), { file: [tr('Файл пустой')] });
  }
  return { ...received, fields };
}

export async function discardUpload(upload: { tmpPath: string }) {
  await rm(upload.tmpPath, { force: true });
}

/**
 * Receives the file of `request`, runs `work` on it and removes the temporary file whatever happens. When
 * receiving fails part-way the rest of the body is not read: the connection is closed after the answer
 * instead, so a refused upload costs no more than the bytes already sent.
 */
export async function withUpload<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { tmpDir: string; maxBytes: number },
  work: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  let upload: ReceivedUpload;
  try {
    upload = await receiveUpload(request, options);
  } catch (error) {
    reply.header('connection', 'close');
    throw error;
  }
  try {
    return await work(upload);
  } finally {
    await discardUpload(upload);
  }
}

/** The form's text fields through a contracts schema; a bad value is a 400 like any other. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'form';
  const message =
    issue?.code === 'unrecognized_keys'
      ? tr('Неизвестное поле формы')
      : (issue?.message ?? tr('Некорректное значение'));
  throw badRequest(message, { [field]: [message] });
}

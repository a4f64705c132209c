import { z } from 'zod';
import {
  cleanText,
  envelope,
  IdSchema,
  INT32_MAX,
  listEnvelope,
  PaginationQuerySchema,
  SearchTextSchema,
  SortOrderSchema,
} from './common';
import { says, text } from './i18n/text';
import { MAX_AVATAR_BYTES } from './limits';

/** File entity as spec section 3 lists it. */
export const FileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  original_name: z.string(),
  alt: z.string().nullable(),
  description: z.string().nullable(),
  disk: z.string(),
  extension: z.string(),
  group: z.string(),
  hash: z.string(),
  mime: z.string(),
  path: z.string(),
  relative_url: z.string(),
  size: z.number().int(),
  sort: z.number().int(),
  url: z.string(),
  user_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FileEntity = z.infer<typeof FileSchema>;

/** Uploaded image answer: data {id, url} (plus the rest of the file). */
export const UploadedImageSchema = z.object({ id: z.number().int(), url: z.string() });
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;

/** Client-side check of a chosen avatar (spec section 5). */
export function validateAvatarFile(file: { size: number; type: string }): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return text('Неправильный тип файла');
  if (file.size > MAX_AVATAR_BYTES) return text('Файл слишком большой');
  return null;
}

// ---- Files API (issue 3). Decisions: docs/decisions/0030..0034; access: docs/authorization/files.md.

/** Largest file POST /files/upload takes (any type, stored as-is); /upload-image takes MAX_AVATAR_BYTES. */
export const MAX_UPLOAD_BYTES = 20_000_000;
/** Images are refused above this many pixels (decompression bombs) before they are decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Re-encoded images are shrunk so that their longest side is at most this (never enlarged). */
export const MAX_IMAGE_SIDE = 2048;

/** 'avatar' files are readable by anyone with the URL; every other group only by the owner and admins. */
export const FILE_GROUP_AVATAR = 'avatar';
export const FILE_GROUP_DEFAULT = 'default';

/** Longest display name of a file (original_name), in characters. */
export const FILE_NAME_MAX = 255;

// Control characters (Cc), invisible format characters (Cf: bidi embeddings and overrides U+202A–U+202E,
// isolates U+2066–U+2069, marks U+200E/U+200F/U+061C, zero-width characters, U+FEFF), line and paragraph
// separators and lone surrogates: a name holding them could read as something else, such as
// 'photo<U+202E>gpj.exe' showing as 'photoexe.jpg' (decision 0096).
const UNSAFE_NAME_CHARS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/**
 * A file's display name as the server keeps it, for uploads and renames alike: no folder part, none of the
 * characters above, trimmed, at most FILE_NAME_MAX characters (a short extension survives the cut).
 * Returns '' when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const name = base.replace(UNSAFE_NAME_CHARS, '').trim();
  if (name === '.' || name === '..') return '';
  const chars = Array.from(name);
  if (chars.length <= FILE_NAME_MAX) return name;
  // Keep a short extension when cutting a long name, so the download still opens with the right program.
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)) : [];
  const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
  return chars.slice(0, FILE_NAME_MAX - keep.length).join('') + keep.join('');
}

/**
 * `group` of an upload: any short label (decision 0097). Only 'avatar' means anything to the server (public,
 * and only for re-encoded images); the rest are the client's own labels.
 */
export const FILE_GROUP_MAX = 32;
export const FileGroupSchema = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{1,${FILE_GROUP_MAX}}$`),
    says('group: только латинские буквы, цифры, - и _, от 1 до {max} символов', { max: FILE_GROUP_MAX }),
  );

export const FileResponseSchema = envelope(FileSchema);
export type FileResponse = z.infer<typeof FileResponseSchema>;
export const FileListResponseSchema = listEnvelope(FileSchema);
export type FileListResponse = z.infer<typeof FileListResponseSchema>;

/** The optional text fields of an upload form (multipart), validated after parsing. */
export const UploadImageFieldsSchema = z
  .object({
    group: FileGroupSchema.default(FILE_GROUP_AVATAR),
    /** Accepted for compatibility and ignored: the server decides where bytes go (decision 0031). */
    storage: cleanText(z.string().max(32, says('Не более {max} символов', { max: 32 }))).optional(),
  })
  .strict();
export const UploadFileFieldsSchema = z
  .object({
    // A file stored as sent is never public, so it does not take the public group's name either.
    group: FileGroupSchema.refine(
      (g) => g.toLowerCase() !== FILE_GROUP_AVATAR,
      says('group: группа avatar — только для изображений (upload-image)'),
    ).default(FILE_GROUP_DEFAULT),
    storage: cleanText(z.string().max(32, says('Не более {max} символов', { max: 32 }))).optional(),
  })
  .strict();

export const FILE_SORT_FIELDS = ['id', 'name', 'size', 'sort', 'created_at'] as const;
export const FileSortBySchema = z.enum(
  FILE_SORT_FIELDS,
  says('sort_by: допустимо {fields}', { fields: FILE_SORT_FIELDS.join(', ') }),
);

/**
 * user_ids as `user_ids[]=1&user_ids[]=2`, `user_ids=1&user_ids=2` or `user_ids=1,2` (all the same);
 * at most 100 ids, each a positive 32-bit integer.
 */
export const UserIdsQuerySchema = z
  .union([z.string(), z.array(z.string()).max(100)])
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(','));
    const ids: number[] = [];
    for (const raw of parts) {
      const s = raw.trim();
      if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > INT32_MAX) {
        ctx.addIssue({ code: 'custom', message: text('user_ids: ожидаются целые числа от 1 до 2147483647') });
        return z.NEVER;
      }
      ids.push(Number(s));
    }
    if (ids.length > 100) {
      ctx.addIssue({ code: 'custom', message: text('user_ids: не более 100 значений') });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const FileListQuerySchema = PaginationQuerySchema.extend({
  sort_by: FileSortBySchema.default('id'),
  order: SortOrderSchema.default('desc'),
  /** Substring of original_name, case-insensitive. */
  name: SearchTextSchema.optional(),
  'user_ids[]': UserIdsQuerySchema.optional(),
  user_ids: UserIdsQuerySchema.optional(),
}).strict();
export type FileListQuery = z.infer<typeof FileListQuerySchema>;

export const FileDownloadParamsSchema = z.object({ file_id: IdSchema }).strict();

/** PUT /files/{id}: `name` renames the display name (original_name); the stored name and path never change. */
export const FileUpdateRequestSchema = z
  .object({
    // Cleaned exactly like an uploaded file's name (cleanFileName), then it must still say something.
    name: z
      .string()
      .max(FILE_NAME_MAX, says('Не более {max} символов', { max: FILE_NAME_MAX }))
      .transform(cleanFileName)
      .refine((s) => s.length > 0, says('Обязательное поле'))
      .optional(),
    alt: cleanText(z.string().max(255, says('Не более {max} символов', { max: 255 })))
      .nullable()
      .optional(),
    description: cleanText(z.string().max(1000, says('Не более {max} символов', { max: 1000 })))
      .nullable()
      .optional(),
    sort: z
      .number()
      .int(says('sort: ожидается целое число'))
      .min(-INT32_MAX, says('sort: слишком маленькое число'))
      .max(INT32_MAX, says('sort: слишком большое число'))
      .optional(),
  })
  .strict();
export type FileUpdateRequest = z.infer<typeof FileUpdateRequestSchema>;

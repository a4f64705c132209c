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
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return 'Неправильный тип файла';
  if (file.size > MAX_AVATAR_BYTES) return 'Файл слишком большой';
  return null;
}

// ---- Files API (issue 3). Decisions: docs/decisions/0030..0034; access: docs/authorization/files.md.

/** Largest file POST /files/upload takes (any type, stored as-is); /upload-image takes MAX_AVATAR_BYTES. */
export const MAX_UPLOAD_BYTES = 20_000_000;
/** Images are refused above this many pixels (decompression bombs) before they are decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Re-encoded images are shrunk so that their longest side is at most this (never enlarged). */
export const MAX_IMAGE_SIDE = 2048;

/** 'avatar' files are readable by anyone with the URL; 'default' ones only by their owner and admins. */
export const FILE_GROUP_AVATAR = 'avatar';
export const FILE_GROUP_DEFAULT = 'default';
export const IMAGE_UPLOAD_GROUPS = [FILE_GROUP_AVATAR, FILE_GROUP_DEFAULT] as const;
export const FILE_UPLOAD_GROUPS = [FILE_GROUP_DEFAULT] as const;

export const FileResponseSchema = envelope(FileSchema);
export type FileResponse = z.infer<typeof FileResponseSchema>;
export const FileListResponseSchema = listEnvelope(FileSchema);
export type FileListResponse = z.infer<typeof FileListResponseSchema>;

/** The optional text fields of an upload form (multipart), validated after parsing. */
export const UploadImageFieldsSchema = z
  .object({
    group: z
      .enum(IMAGE_UPLOAD_GROUPS, { message: `group: допустимо ${IMAGE_UPLOAD_GROUPS.join(' или ')}` })
      .default(FILE_GROUP_AVATAR),
    /** Accepted for compatibility and ignored: the server decides where bytes go (decision 0031). */
    storage: cleanText(z.string().max(32, 'Не более 32 символов')).optional(),
  })
  .strict();
export const UploadFileFieldsSchema = z
  .object({
    group: z
      .enum(FILE_UPLOAD_GROUPS, { message: `group: допустимо ${FILE_UPLOAD_GROUPS.join(', ')}` })
      .default(FILE_GROUP_DEFAULT),
    storage: cleanText(z.string().max(32, 'Не более 32 символов')).optional(),
  })
  .strict();

export const FILE_SORT_FIELDS = ['id', 'name', 'size', 'sort', 'created_at'] as const;
export const FileSortBySchema = z.enum(FILE_SORT_FIELDS, {
  message: `sort_by: допустимо ${FILE_SORT_FIELDS.join(', ')}`,
});

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
        ctx.addIssue({ code: 'custom', message: 'user_ids: ожидаются целые числа от 1 до 2147483647' });
        return z.NEVER;
      }
      ids.push(Number(s));
    }
    if (ids.length > 100) {
      ctx.addIssue({ code: 'custom', message: 'user_ids: не более 100 значений' });
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
    name: cleanText(z.string().min(1, 'Обязательное поле').max(255, 'Не более 255 символов'))
      .refine((s) => s.length > 0, { message: 'Обязательное поле' })
      .optional(),
    alt: cleanText(z.string().max(255, 'Не более 255 символов')).nullable().optional(),
    description: cleanText(z.string().max(1000, 'Не более 1000 символов')).nullable().optional(),
    sort: z
      .number()
      .int('sort: ожидается целое число')
      .min(-INT32_MAX, 'sort: слишком маленькое число')
      .max(INT32_MAX, 'sort: слишком большое число')
      .optional(),
  })
  .strict();
export type FileUpdateRequest = z.infer<typeof FileUpdateRequestSchema>;

import { AnyQuerySchema, IdParamsSchema, MessageResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  FileDownloadParamsSchema,
  FileListQuerySchema,
  FileListResponseSchema,
  FileResponseSchema,
  FileUpdateRequestSchema,
} from '../files';

// Files: uploads, the list, downloads (product-decisions "Files"; docs/authorization/files.md).

const tag = 'files';
const base = '/api/v1/files';

export const filesEndpoints = {
  uploadImage: defineEndpoint({
    method: 'POST',
    path: `${base}/upload-image`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Uploads a JPEG or PNG image (multipart: file, group, storage)',
    description:
      'At most 5,000,000 bytes (413 «Файл слишком большой»). The type is detected from the bytes: anything ' +
      'but JPEG/PNG is 415 «Неправильный тип файла». The image is re-encoded (EXIF dropped, longest side ' +
      '≤ 2048 px, ≤ 40 megapixels in). group: a label of letters, digits, - and _ (≤ 32); avatar (the ' +
      'default) is public. A file that would take the user past FILES_QUOTA_BYTES is 413.',
    consumes: 'multipart/form-data',
    response: FileResponseSchema,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: `${base}/upload`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Uploads any file, stored as sent (multipart: file, group, storage)',
    description:
      'At most 20,000,000 bytes (413). The stored type is the one detected from the bytes, else ' +
      'application/octet-stream; the file is private to its owner and admins. group: a label of ' +
      'letters, digits, - and _ (≤ 32), not avatar. A file that would take the user past ' +
      'FILES_QUOTA_BYTES is 413.',
    consumes: 'multipart/form-data',
    response: FileResponseSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: base,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Own files (admins: all, filtered by user_ids[]); page, perPage, sort_by, order, name',
    query: FileListQuerySchema,
    response: FileListResponseSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: `${base}/download/{file_id}`,
    tag,
    // Avatars for anyone (an <img> sends no session); other files for their owner and admins.
    roles: ['anonymous', 'user'],
    tokens: true,
    summary: 'The bytes of a file: avatars for anyone, other files for their owner and admins',
    description:
      'No session is needed for avatars (an <img> cannot send one). Private files answer 404 to anyone ' +
      'but their owner and admins, with or without a token.',
    params: FileDownloadParamsSchema,
    // An <img src> may carry a cache-busting query.
    query: AnyQuerySchema,
    response: null,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/{id}`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'One own file (admins: any); another user’s file is 404',
    params: IdParamsSchema,
    response: FileResponseSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${base}/{id}`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Renames (original_name) and describes a file: name, alt, description, sort',
    params: IdParamsSchema,
    body: FileUpdateRequestSchema,
    response: FileResponseSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${base}/{id}`,
    tag,
    roles: ['user'],
    tokens: true,
    summary: 'Deletes a file and its bytes; where it was an avatar, the avatar is cleared',
    params: IdParamsSchema,
    response: MessageResponseSchema,
  }),
};

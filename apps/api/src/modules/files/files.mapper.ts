import type { FileEntity } from '@cabinet/contracts';
import type { File } from '../../generated/prisma/client';

export const fileDownloadPath = (id: number) => `/api/v1/files/download/${id}`;

/** File row → the File entity of spec section 3. */
export function toFileDto(file: File, publicUrl: string): FileEntity {
  const relative = fileDownloadPath(file.id);
  return {
    id: file.id,
    name: file.name,
    original_name: file.originalName,
    alt: file.alt,
    description: file.description,
    disk: file.disk,
    extension: file.extension,
    group: file.group,
    hash: file.hash,
    mime: file.mime,
    path: file.path,
    relative_url: relative,
    size: file.size,
    sort: file.sort,
    url: `${publicUrl}${relative}`,
    user_id: file.userId,
    created_at: file.createdAt.toISOString(),
    updated_at: file.updatedAt.toISOString(),
  };
}

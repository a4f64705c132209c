import { FILE_GROUP_AVATAR, type UploadedImage, UploadedImageSchema } from '@cabinet/contracts';
import { apiClient } from '@/lib/api-client';

/** POST /api/v1/files/upload-image: one JPEG or PNG as multipart, group 'avatar' (public by URL). */
export async function uploadImage(file: File, group: string = FILE_GROUP_AVATAR): Promise<UploadedImage> {
  const body = new FormData();
  body.append('group', group);
  // The file goes last: the server reads text fields that come before the file part.
  body.append('file', file, file.name);
  const { data } = await apiClient.post('/files/upload-image', body, { schema: UploadedImageSchema });
  return data;
}

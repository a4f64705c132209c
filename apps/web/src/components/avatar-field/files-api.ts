import { FILE_GROUP_AVATAR, filesEndpoints, type UploadedImage } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';

// The avatar field's two calls. The field serves the profile, organization and admin user forms, so it
// and its calls sit with the shared components rather than in one of those features.

/** One JPEG or PNG as multipart, group 'avatar' (public by URL). */
export async function uploadImage(file: File, group: string = FILE_GROUP_AVATAR): Promise<UploadedImage> {
  const body = new FormData();
  body.append('group', group);
  // The file goes last: the server reads text fields that come before the file part.
  body.append('file', file, file.name);
  const { data } = await callEndpoint(filesEndpoints.uploadImage, { body });
  return data;
}

/** The file and its bytes; where it was an avatar, the avatar is cleared. */
export async function deleteFile(fileId: number): Promise<string> {
  const { message } = await callEndpoint(filesEndpoints.delete, { params: { id: fileId } });
  return message;
}

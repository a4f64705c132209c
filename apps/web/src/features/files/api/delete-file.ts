import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/** DELETE /api/v1/files/{id}: the file and its bytes; where it was an avatar, the avatar is cleared. */
export async function deleteFile(fileId: number): Promise<string> {
  const { message } = await apiClient.delete(`/files/${fileId}`, undefined, { schema: z.null() });
  return message;
}

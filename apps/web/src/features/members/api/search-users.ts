import { type UserSearchItem, UserSearchItemSchema } from '@cabinet/contracts';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/** GET /api/v1/rest/profile/search?search=: users by e-mail (the exact address for non-admins). */
export async function searchUsers(search: string): Promise<UserSearchItem[]> {
  const { data } = await apiClient.get('/rest/profile/search', {
    query: { search, perPage: 20 },
    schema: z.array(UserSearchItemSchema),
  });
  return data;
}

/** Spec section 4, 'Add member': the exact match of the entered e-mail is taken. */
export async function findUserByEmail(email: string): Promise<UserSearchItem | null> {
  const wanted = email.trim().toLowerCase();
  const users = await searchUsers(wanted);
  return users.find((user) => user.email.toLowerCase() === wanted) ?? null;
}

import { z } from 'zod';
import { envelope } from './common';

// Admin actions on a user account (issue 5): sign-out everywhere and block / unblock.
// See docs/decisions/0043-admin-user-actions.md.

/** POST /admin/users/{id}/logout: how many sessions ended. */
export const AdminUserLogoutResultSchema = z.object({ count: z.number().int() });
export const AdminUserLogoutResponseSchema = envelope(AdminUserLogoutResultSchema);
export type AdminUserLogoutResult = z.infer<typeof AdminUserLogoutResultSchema>;

/** POST /admin/users/{id}/block and /unblock: the account's state afterwards. */
export const AdminUserBlockResultSchema = z.object({
  id: z.number().int(),
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  /** Sessions ended by this call (blocking ends them all; unblocking ends none). */
  count: z.number().int(),
});
export const AdminUserBlockResponseSchema = envelope(AdminUserBlockResultSchema);
export type AdminUserBlockResult = z.infer<typeof AdminUserBlockResultSchema>;

/**
 * GET /admin/users-count: every account (`count`, the spec's number) and how many of them have not
 * confirmed their e-mail yet (`unverified`; docs/decisions/0088-unverified-account-purge.md).
 */
export const UsersCountSchema = z.object({ count: z.number().int(), unverified: z.number().int() });
export const UsersCountResponseSchema = envelope(UsersCountSchema);
export type UsersCount = z.infer<typeof UsersCountSchema>;

import type { QueryClient } from '@tanstack/react-query';
import { data } from 'react-router';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { requireLogin } from './route-guards';

/**
 * /admin is for admins only; anyone else gets the not-found page (product-decisions, Accounts and roles).
 * The server checks every admin call as well: this only decides what the browser shows.
 */
export function requireAdmin(queryClient: QueryClient) {
  return async (): Promise<null> => {
    // Loaders run side by side, so this one cannot count on the login guard above it having run first.
    requireLogin();
    const profile = await queryClient.ensureQueryData(profileQueryOptions());
    if (!profile.is_admin) throw data(null, { status: 404 });
    return null;
  };
}

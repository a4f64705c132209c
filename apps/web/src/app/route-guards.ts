import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { session } from '@/lib/session';

/**
 * Spec section 2: a route that needs login sends a signed-out visitor to sign-in, clearing whatever is
 * left of the session.
 */
export function requireLogin(): null {
  if (!session.getState().isAuthenticated) {
    session.clear();
    throw redirect(paths.signIn.getHref());
  }
  return null;
}

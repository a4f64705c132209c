import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { callLazyEndpoint } from '@/lib/api-client';
import { authEndpoint } from '@/lib/lazy-endpoints';
import { session } from '@/lib/session';

/** Revokes the session on the server (product-decisions, Sign-in). */
export function logout() {
  return callLazyEndpoint(authEndpoint('logout'));
}

/**
 * 'Выйти': asks the server to revoke the session, then forgets it locally whatever the answer, so a
 * server that is down or a session that is already gone never keeps anyone signed in. Then sign-in, or
 * `to` (an invitation link signs out to itself, to be opened with the right address).
 */
export function useSignOut({ to }: { to?: string } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: logout,
    meta: { errorToast: false, sessionless: true },
    onSettled: () => {
      session.clear();
      queryClient.clear();
      navigate(to ?? paths.signIn.getHref(), { replace: true });
    },
  });
  return { signOut: () => mutation.mutate(), isPending: mutation.isPending };
}

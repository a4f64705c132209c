import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { apiClient } from '@/lib/api-client';
import { session } from '@/lib/session';

/** POST /api/v1/auth/logout revokes the session on the server (product-decisions, Sign-in). */
export function logout() {
  return apiClient.post('/auth/logout', undefined, { schema: z.null() });
}

/**
 * 'Выйти': asks the server to revoke the session, then forgets it locally whatever the answer, so a
 * server that is down or a session that is already gone never keeps anyone signed in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: logout,
    meta: { errorToast: false, sessionless: true },
    onSettled: () => {
      session.clear();
      queryClient.clear();
      navigate(paths.signIn.getHref(), { replace: true });
    },
  });
  return { signOut: () => mutation.mutate(), isPending: mutation.isPending };
}

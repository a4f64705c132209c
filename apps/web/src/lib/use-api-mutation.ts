import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppQueryMeta } from './query-meta';
import { notifySuccess } from './toasts';

/** `successToast` of a call whose success shows the server's message as-is, and nothing when it has none. */
export const SERVER_MESSAGE = '';

type ApiMutationOptions<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * Spec section 8's success toast. A text: the answer's message, this text only when the server sends
   * none (SERVER_MESSAGE: nothing then). A function: exactly the text it returns (none for '').
   */
  successToast?: string | ((result: TData) => string);
  /** The spec's failure text (errorFallback of lib/query-meta.ts); without it the server's message shows. */
  failureToast?: string;
  /** Queries to refresh after a success (after either outcome with refreshOnSettled), or per result. */
  invalidates?: readonly QueryKey[] | ((result: TData) => readonly QueryKey[]);
  refreshOnSettled?: boolean;
  meta?: AppQueryMeta;
  /** What else a success does, before the refresh (navigation belongs to the caller's mutate options). */
  onSuccess?: (result: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
};

function messageOf(result: unknown): string {
  if (typeof result !== 'object' || result === null || !('message' in result)) return '';
  return typeof result.message === 'string' ? result.message : '';
}

/**
 * The one mutation hook: the toast rule of spec section 8 and the refresh of the queries the change
 * touched, so a mutation names only its call, its texts and its keys. Failures still go through the
 * query client's one handler (app/query-client.ts), which reads `failureToast` from the meta.
 */
export function useApiMutation<TData, TVariables = void>(options: ApiMutationOptions<TData, TVariables>) {
  const { successToast, failureToast, invalidates = [], refreshOnSettled = false } = options;
  const queryClient = useQueryClient();
  const refresh = (result?: TData) => {
    const keys =
      typeof invalidates === 'function' ? (result === undefined ? [] : invalidates(result)) : invalidates;
    return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation({
    mutationFn: options.mutationFn,
    meta: failureToast === undefined ? options.meta : { ...options.meta, errorFallback: failureToast },
    onSuccess: async (result, variables) => {
      const text =
        typeof successToast === 'function'
          ? successToast(result)
          : successToast !== undefined
            ? messageOf(result) || successToast
            : '';
      if (text) notifySuccess(text);
      await options.onSuccess?.(result, variables);
      if (!refreshOnSettled) await refresh(result);
    },
    onError: options.onError ? (error, variables) => options.onError?.(error, variables) : undefined,
    onSettled: refreshOnSettled ? () => refresh() : undefined,
  });
}

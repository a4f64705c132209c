import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useText } from './i18n/catalogue';
import { libTexts } from './texts';

/** Spec section 8: the toast of a failed 'Отмена' (the settings screens reload their data on it). */
export const CANCEL_RELOAD_FAILED = 'Не удалось выполнить операцию отмены';

/**
 * 'Отмена' of the admin settings screens (spec section 2: "Отмена (reloads data)"): fetch the stored data
 * again and put it in the screen's query, so the form follows it. A failure says
 * 'Не удалось выполнить операцию отмены' instead of the load's own text; the 401 rule still applies.
 */
export function useReloadOnCancel<T>(queryKey: QueryKey, fetcher: () => Promise<T>) {
  const queryClient = useQueryClient();
  const t = useText(libTexts);
  const mutation = useMutation({
    mutationFn: fetcher,
    meta: { errorToast: t(CANCEL_RELOAD_FAILED) },
    onSuccess: (data) => queryClient.setQueryData(queryKey, data),
  });
  return { reload: () => mutation.mutate(), isPending: mutation.isPending };
}

import { RefundResponseSchema } from '@cabinet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notifySuccess } from '@/lib/toasts';
import { adminRefundKeys } from './get-refunds';

/** POST /api/v1/rest/admin/refunds/{id}/resolve: the money was returned by hand. */
export function resolveRefund(id: number) {
  return apiClient.post(`/rest/admin/refunds/${id}/resolve`, undefined, {
    schema: RefundResponseSchema.shape.data,
  });
}

export function useResolveRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveRefund,
    onSuccess: ({ message }) => {
      notifySuccess(message || 'Возврат отмечен');
      return queryClient.invalidateQueries({ queryKey: adminRefundKeys.all });
    },
  });
}

import { MessageResponseSchema, PlanResponseSchema, type PlanUpdateRequest } from '@cabinet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notifySuccess } from '@/lib/toasts';
import { adminCountsQueryKey } from '../../counts/api/get-admin-count';
import { PLANS_QUERY_KEY } from './keys';

// Admin plan calls (spec section 7). A failure toasts the answer's data, else its message (spec section
// 8), which is the query client's default; a refused delete thus shows the server's 409 reason as-is.

export const PLAN_CREATED = 'Тарифный план успешно создан';
export const PLAN_UPDATED = 'Тарифный план успешно отредактирован';

/** POST /api/v1/rest/subscribes. */
export function createPlan(body: PlanUpdateRequest) {
  return apiClient.post('/rest/subscribes', body, { schema: PlanResponseSchema.shape.data });
}

/** PUT /api/v1/rest/subscribes/{id}. */
export function updatePlan({ id, body }: { id: number; body: PlanUpdateRequest }) {
  return apiClient.put(`/rest/subscribes/${id}`, body, { schema: PlanResponseSchema.shape.data });
}

/** DELETE /api/v1/rest/subscribes/{id}: 409 with the reason when users hold it (decision 0021). */
export function deletePlan(id: number) {
  return apiClient.delete(`/rest/subscribes/${id}`, undefined, { schema: MessageResponseSchema.shape.data });
}

function useRefreshPlans() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PLANS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: adminCountsQueryKey }),
    ]);
}

export function useCreatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: createPlan,
    // Spec section 8: the server's message, the fixed text only when it sends none.
    onSuccess: ({ message }) => {
      notifySuccess(message || PLAN_CREATED);
      return refresh();
    },
  });
}

export function useUpdatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: ({ message }) => {
      notifySuccess(message || PLAN_UPDATED);
      return refresh();
    },
  });
}

export function useDeletePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: ({ message }) => {
      if (message) notifySuccess(message);
      return refresh();
    },
  });
}

import { type PlanUpdateRequest, plansEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n';
import { adminKeys } from '@/lib/query-keys/admin';
import { planKeys } from '@/lib/query-keys/plans';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';
import { type AdminPlansText, adminPlansTexts } from '../texts';

// Admin plan calls (spec section 7). A failure toasts the answer's data, else its message (spec section
// 8), which is the query client's default; a refused delete thus shows the server's 409 reason as-is.

export const PLAN_CREATED = 'Тарифный план успешно создан' satisfies AdminPlansText;
export const PLAN_UPDATED = 'Тарифный план успешно отредактирован' satisfies AdminPlansText;

/** A plan change shows on the admin lists, the cabinet's price list and the admin home's counts. */
const PLAN_CHANGE = [planKeys.all, ...adminKeys.counts];

/** The form always sends a description (planFormToRequest); the create call requires one. */
export function createPlan(body: PlanUpdateRequest) {
  return callEndpoint(plansEndpoints.create, { body: { ...body, description: body.description ?? '' } });
}

export function updatePlan({ id, body }: { id: number; body: PlanUpdateRequest }) {
  return callEndpoint(plansEndpoints.update, { params: { id }, body });
}

/** 409 with the reason when users hold it (decision 0021). */
export function deletePlan(id: number) {
  return callEndpoint(plansEndpoints.delete, { params: { id } });
}

// Spec section 8: the server's message, the fixed text only when it sends none.
export function useCreatePlan() {
  const t = useText(adminPlansTexts);
  return useApiMutation({ mutationFn: createPlan, successToast: t(PLAN_CREATED), invalidates: PLAN_CHANGE });
}

export function useUpdatePlan() {
  const t = useText(adminPlansTexts);
  return useApiMutation({ mutationFn: updatePlan, successToast: t(PLAN_UPDATED), invalidates: PLAN_CHANGE });
}

export function useDeletePlan() {
  return useApiMutation({ mutationFn: deletePlan, successToast: SERVER_MESSAGE, invalidates: PLAN_CHANGE });
}

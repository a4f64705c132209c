import { callLazyEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { transfersEndpoint } from '@/lib/lazy-endpoints';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { profileKeys } from '@/lib/query-keys/profile';
import { transferKeys } from '@/lib/query-keys/transfers';
import { SERVER_MESSAGE, useApiMutation } from '@/lib/use-api-mutation';
import { transferTexts } from '../texts';

// Two-step ownership transfer (decision 0133). The open offer is read from the organization itself
// (`transfer` of GET /organizations/{id}) and from home's list of offers to the caller (GET /transfers,
// decision 0137), so every answer refreshes both; an accepted offer changes the caller's memberships and
// what their account deletion would take too.

const refreshed = [organizationKeys.all, transferKeys.all, profileKeys.me, profileKeys.deletePreviews];

export function offerTransfer({ organizationId, userId }: { organizationId: number; userId: number }) {
  return callLazyEndpoint(transfersEndpoint('offer'), {
    params: { id: organizationId },
    body: { user_id: userId },
  });
}

export function cancelTransfer(organizationId: number) {
  return callLazyEndpoint(transfersEndpoint('cancel'), { params: { id: organizationId } });
}

export function acceptTransfer(organizationId: number) {
  return callLazyEndpoint(transfersEndpoint('accept'), { params: { id: organizationId } });
}

export function declineTransfer(organizationId: number) {
  return callLazyEndpoint(transfersEndpoint('decline'), { params: { id: organizationId } });
}

/** 'Передать организацию': a refusal (an open offer already, not an active member) shows its reason. */
export function useOfferTransfer() {
  return useApiMutation({
    mutationFn: offerTransfer,
    successToast: SERVER_MESSAGE,
    failureToast: textNow(transferTexts)('Не удалось предложить передачу организации'),
    invalidates: refreshed,
  });
}

export function useCancelTransfer() {
  return useApiMutation({
    mutationFn: cancelTransfer,
    successToast: SERVER_MESSAGE,
    failureToast: textNow(transferTexts)('Не удалось отменить передачу'),
    invalidates: refreshed,
  });
}

/** A refusal names the plan to upgrade to when the organization does not fit the caller's plan. */
export function useAcceptTransfer() {
  return useApiMutation({
    mutationFn: acceptTransfer,
    successToast: SERVER_MESSAGE,
    failureToast: textNow(transferTexts)('Не удалось принять организацию'),
    invalidates: refreshed,
  });
}

export function useDeclineTransfer() {
  return useApiMutation({
    mutationFn: declineTransfer,
    successToast: SERVER_MESSAGE,
    failureToast: textNow(transferTexts)('Не удалось отклонить предложение'),
    invalidates: refreshed,
  });
}

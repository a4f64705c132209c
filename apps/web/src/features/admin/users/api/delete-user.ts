import { profileEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n';
import { adminKeys } from '@/lib/query-keys/admin';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { profileKeys } from '@/lib/query-keys/profile';
import { useApiMutation } from '@/lib/use-api-mutation';
import { adminUsersTexts } from '../texts';

/**
 * An admin deletes someone's account (the profile's own delete call): the account goes with the
 * organizations it owns (docs/decisions/0042-account-deletion.md).
 */
export function deleteUser(userId: number) {
  return callEndpoint(profileEndpoints.delete, { params: { id: userId } });
}

export function useDeleteUser() {
  const t = useText(adminUsersTexts);
  return useApiMutation({
    mutationFn: deleteUser,
    successToast: () => t('Пользователь удалён'),
    // Spec section 8's text, unless the server says why (409: the last admin) (decision 0051).
    failureToast: t('Не удалось удалить пользователя'),
    // The organizations the account owned went with it.
    invalidates: [...profileKeys.accounts, ...adminKeys.counts, organizationKeys.all],
  });
}

import { type AccountDeletePreview, profileEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { useText } from '@/lib/i18n/catalogue';
import { profileKeys } from '@/lib/query-keys/profile';
import { useApiMutation } from '@/lib/use-api-mutation';
import { profileTexts } from '../texts';

export const ACCOUNT_DELETED = 'Пользователь удалён';
export const ACCOUNT_DELETE_FAILED = 'Не удалось удалить аккаунт';

/** The organizations that go with the account. */
export async function getDeletePreview(userId: number): Promise<AccountDeletePreview> {
  const { data } = await callEndpoint(profileEndpoints.deletePreview, { params: { id: userId } });
  return data;
}

export function deletePreviewQueryOptions(userId: number) {
  return queryOptions({
    queryKey: profileKeys.deletePreview(userId),
    queryFn: () => getDeletePreview(userId),
    staleTime: 0,
  });
}

export function useDeletePreview(userId: number, enabled: boolean) {
  return useQuery({ ...deletePreviewQueryOptions(userId), enabled });
}

/** The account, its organizations and its memberships. */
export function deleteAccount(userId: number) {
  return callEndpoint(profileEndpoints.delete, { params: { id: userId } });
}

/** 409: the last admin; the server says so. */
export function useDeleteAccount() {
  const t = useText(profileTexts);
  return useApiMutation({
    mutationFn: deleteAccount,
    successToast: () => t(ACCOUNT_DELETED),
    failureToast: t(ACCOUNT_DELETE_FAILED),
  });
}

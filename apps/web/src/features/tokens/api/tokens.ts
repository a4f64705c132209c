import {
  type ListMeta,
  type PersonalToken,
  type PersonalTokenCreate,
  tokensEndpoints,
} from '@cabinet/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { tokenKeys } from '@/lib/query-keys/tokens';
import { useApiMutation } from '@/lib/use-api-mutation';
import { tokenTexts } from '../texts';

export const TOKENS_PAGE_SIZE = 20;
export const TOKENS_LOAD_FAILED = 'Не удалось получить список токенов';

export async function getTokens(page: number): Promise<{ items: PersonalToken[]; meta: ListMeta }> {
  const { data, meta } = await callEndpoint(tokensEndpoints.list, {
    query: { page, perPage: TOKENS_PAGE_SIZE },
  });
  return { items: data, meta };
}

export function useTokens(page: number) {
  return useQuery({
    queryKey: tokenKeys.listPage(page),
    queryFn: () => getTokens(page),
    placeholderData: keepPreviousData,
    // The panel says it failed, with 'Повторить' (decision 0164): no toast besides.
    meta: { errorToast: false },
  });
}

/** 'Создать токен': the answer holds the token, shown once. */
export function useCreateToken() {
  return useApiMutation({
    mutationFn: async (body: PersonalTokenCreate) =>
      (await callEndpoint(tokensEndpoints.create, { body })).data,
    failureToast: textNow(tokenTexts)('Не удалось создать токен'),
    invalidates: [tokenKeys.list],
  });
}

/** 'Отозвать': the token's next request answers 401. */
export function useRevokeToken() {
  return useApiMutation({
    mutationFn: (id: number) => callEndpoint(tokensEndpoints.revoke, { params: { id } }),
    successToast: textNow(tokenTexts)('Токен отозван'),
    failureToast: textNow(tokenTexts)('Не удалось отозвать токен'),
    invalidates: [tokenKeys.list],
  });
}

/** A user's live tokens, for admins (issue 29). */
export function useUserTokens(userId: number, page: number) {
  return useQuery({
    queryKey: tokenKeys.adminListPage(userId, page),
    queryFn: async () => {
      const { data, meta } = await callEndpoint(tokensEndpoints.adminList, {
        params: { id: userId },
        query: { page, perPage: TOKENS_PAGE_SIZE },
      });
      return { items: data, meta };
    },
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/** An admin's 'Отозвать' on a user's token. */
export function useRevokeUserToken() {
  return useApiMutation({
    mutationFn: (input: { userId: number; tokenId: number }) =>
      callEndpoint(tokensEndpoints.adminRevoke, { params: { id: input.userId, tid: input.tokenId } }),
    successToast: textNow(tokenTexts)('Токен отозван'),
    failureToast: textNow(tokenTexts)('Не удалось отозвать токен'),
    invalidates: [tokenKeys.adminList],
  });
}

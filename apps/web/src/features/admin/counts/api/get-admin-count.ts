import { adminEndpoints } from '@cabinet/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { adminKeys } from '@/lib/query-keys/admin';
import { adminCountsTexts } from '../texts';

/** What the admin home counts (spec section 2, admin home). */
export type AdminCountKind = 'users' | 'organizations' | 'plans';

const COUNT_CALLS = {
  users: { endpoint: adminEndpoints.usersCount, key: adminKeys.usersCount },
  organizations: { endpoint: adminEndpoints.organizationsCount, key: adminKeys.organizationsCount },
  plans: { endpoint: adminEndpoints.plansCount, key: adminKeys.plansCount },
} as const;

/** A widget's numbers; for users also how many have not confirmed their e-mail (decision 0088). */
export type AdminCount = { count: number; unverified?: number };

export async function getAdminCount(kind: AdminCountKind): Promise<AdminCount> {
  const { data } = await callEndpoint(COUNT_CALLS[kind].endpoint);
  return data;
}

export function adminCountQueryOptions(kind: AdminCountKind) {
  return queryOptions({
    queryKey: COUNT_CALLS[kind].key,
    queryFn: () => getAdminCount(kind),
    // Spec section 8 has one text for all three widgets; the toast dedupes, so three failures show once.
    meta: {
      errorToast: textNow(adminCountsTexts)('Ошибка при получении количества пользователей / организаций'),
    },
  });
}

export function useAdminCount(kind: AdminCountKind) {
  return useQuery(adminCountQueryOptions(kind));
}

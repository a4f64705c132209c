import { organizationsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { profileKeys } from '@/lib/query-keys/profile';
import { useApiMutation } from '@/lib/use-api-mutation';
import { memberTypeLabel } from '../components/member-status';

type UpdateMemberTypeInput = { organizationId: number; userId: number; typeId: number };

/** Sets a member's type: 2 'Участник' or 3 'Администратор' (the owner and site admins assign 3). */
export function updateMemberType({ organizationId, userId, typeId }: UpdateMemberTypeInput) {
  return callEndpoint(organizationsEndpoints.updateMemberType, {
    params: { id: organizationId },
    body: { user_id: userId, type: typeId },
  });
}

/** 'Сделать администратором' / 'Сделать участником'. */
export function useUpdateMemberType() {
  return useApiMutation({
    mutationFn: updateMemberType,
    successToast: ({ data }) => `Роль изменена: ${memberTypeLabel(data.type_id)}`,
    failureToast: 'Не удалось изменить роль',
    invalidates: [organizationKeys.all, profileKeys.me],
  });
}

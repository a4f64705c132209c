import { organizationsEndpoints } from '@cabinet/contracts';
import { callEndpoint } from '@/lib/api-client';
import { textNow } from '@/lib/i18n';
import { organizationKeys } from '@/lib/query-keys/organizations';
import { profileKeys } from '@/lib/query-keys/profile';
import { useApiMutation } from '@/lib/use-api-mutation';
import { roleName } from '../components/member-status';
import { memberTexts } from '../texts';

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
  const t = textNow(memberTexts);
  return useApiMutation({
    mutationFn: updateMemberType,
    successToast: ({ data }) => {
      const now = textNow(memberTexts);
      return now('Роль изменена: {role}', { role: roleName(now, data.type_id) });
    },
    failureToast: t('Не удалось изменить роль'),
    invalidates: [organizationKeys.all, profileKeys.me],
  });
}

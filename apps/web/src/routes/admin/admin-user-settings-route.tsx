import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin-page-header';
import { LoadError } from '@/components/load-error';
import { SectionCard } from '@/components/section-card';
import { paths, searchParamKeys } from '@/config/paths';
import {
  ADMIN_USER_LOAD_FAILED,
  adminUserQueryOptions,
  getAdminUser,
  useAdminUser,
} from '@/features/admin/users/api/get-user';
import { UserAccountActions } from '@/features/admin/users/components/user-account-actions';
import { UserStatusBadges } from '@/features/admin/users/components/user-status-badges';
import { adminUsersTexts } from '@/features/admin/users/texts';
import { useProfile } from '@/features/profile/api/get-profile';
import { ProfileForm, profileFormUserFromProfile } from '@/features/profile/components/profile-form';
import { UserSessionsPanel } from '@/features/sessions/components/user-sessions-panel';
import { UserTokensPanel } from '@/features/tokens/components/user-tokens-panel';
import { displayName } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { profileKeys } from '@/lib/query-keys/profile';
import { useReloadOnCancel } from '@/lib/use-reload-on-cancel';
import { LEAVE_FORM } from '@/lib/use-unsaved-changes';
import { UserDeleteDialog } from './user-delete-dialog';
import { UserOrganizationsPanel } from './user-organizations-panel';
import { UserPlanPanel } from './user-plan-panel';

/**
 * /admin/users/:userId?userName=… (spec section 2): name, e-mail and avatar (removal waits for save), the
 * user's organizations, the user's sessions (each to end, issue 14), 'Разлогинить', 'Заблокировать' and
 * 'Удалить пользователя'.
 */
export function AdminUserSettingsRoute() {
  const t = useText(adminUsersTexts);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userId } = useParams();
  const [params] = useSearchParams();
  const id = Number(userId);
  const user = useAdminUser(id);
  const cancelReload = useReloadOnCancel(adminUserQueryOptions(id).queryKey, () => getAdminUser(id));
  const { data: me } = useProfile();
  const [deleteOpened, setDeleteOpened] = useState(false);
  const data = user.data;
  const title =
    (data && displayName(data)) ||
    params.get(searchParamKeys.userName) ||
    t('Пользователь {id}', { id: userId ?? '' }).trim();
  const isSelf = me?.id === id;
  const refresh = () =>
    Promise.all(profileKeys.accounts.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  return (
    <>
      <AdminPageHeader list="users" title={title} />
      {user.isPending && !user.isError && <Skeleton height={360} aria-label={t('Загрузка')} />}
      {user.isError && !data && <LoadError title={t(ADMIN_USER_LOAD_FAILED)} query={user} />}
      {data && (
        <Stack gap="xl">
          {/* Not in the header's description: badges are blocks and may not sit in its paragraph. */}
          {(!data.email_verified_at || data.blocked) && (
            <UserStatusBadges emailVerifiedAt={data.email_verified_at} blocked={data.blocked} />
          )}
          <SectionCard title={t('Профиль')}>
            <ProfileForm
              mode="admin"
              user={profileFormUserFromProfile(data)}
              onSaved={() => void refresh()}
              onCancel={cancelReload.reload}
            />
          </SectionCard>
          <UserOrganizationsPanel userId={data.id} />
          <UserPlanPanel user={data} />
          <UserSessionsPanel userId={data.id} />
          <UserTokensPanel userId={data.id} />
          <SectionCard title={t('Доступ')} gap="sm">
            <Text size="sm" c="dimmed">
              {isSelf
                ? t('Эти действия нельзя применить к своему аккаунту.')
                : t(
                    'Завершить все сеансы пользователя, запретить или снова разрешить ему вход, удалить аккаунт.',
                  )}
            </Text>
            <Group justify="space-between" gap="sm">
              <UserAccountActions user={data} isSelf={isSelf} variant="buttons" />
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleteOpened(true)}
              >
                {t('Удалить пользователя')}
              </Button>
            </Group>
          </SectionCard>
          <UserDeleteDialog
            userId={data.id}
            userName={displayName(data)}
            opened={deleteOpened}
            onClose={() => setDeleteOpened(false)}
            onDeleted={() => {
              setDeleteOpened(false);
              navigate(paths.admin.users.getHref(), { state: LEAVE_FORM });
            }}
          />
        </Stack>
      )}
    </>
  );
}

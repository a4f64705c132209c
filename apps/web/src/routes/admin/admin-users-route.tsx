import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFrame } from '@/components/list-frame/list-frame';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ADMIN_USERS_LOAD_FAILED, useAdminUsers } from '@/features/admin/users/api/get-users';
import { UsersTable } from '@/features/admin/users/components/users-table';
import { adminUsersTexts } from '@/features/admin/users/texts';
import { useProfile } from '@/features/profile/api/get-profile';
import { useText } from '@/lib/i18n';
import { useListState } from '@/lib/use-list-state';

/** /admin/users (spec section 2): every account, searchable, paged; a row opens the user's settings. */
export function AdminUsersRoute() {
  const t = useText(adminUsersTexts);
  const { box, search, page, setPage } = useListState();
  const list = useAdminUsers({ search, page });
  const { data } = list;
  const { data: profile } = useProfile();

  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: t('Главная'), href: paths.admin.home.getHref() },
          { label: t('Список пользователей') },
        ]}
        title={t('Пользователи')}
        actions={
          <Button component={Link} to={paths.admin.userCreate.getHref()} leftSection={<IconPlus size={18} />}>
            {t('Создать пользователя')}
          </Button>
        }
      />
      <ListFrame
        list={list}
        page={page}
        onPageChange={setPage}
        search={{ box, label: t('Поиск пользователей'), query: search }}
        errorText={t(ADMIN_USERS_LOAD_FAILED)}
        emptyNextStep={t('Создайте первого пользователя')}
      >
        <UsersTable users={data?.items ?? []} selfId={profile?.id ?? null} />
      </ListFrame>
    </>
  );
}

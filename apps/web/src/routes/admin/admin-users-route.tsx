import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { AdminListFrame } from '@/features/admin/shared/components/admin-list-frame';
import { AdminListSearch } from '@/features/admin/shared/components/admin-list-search';
import { useAdminListState } from '@/features/admin/shared/use-admin-list-state';
import { useAdminUsers } from '@/features/admin/users/api/get-users';
import { UsersTable } from '@/features/admin/users/components/users-table';
import { useProfile } from '@/features/profile/api/get-profile';

/** /admin/users (spec section 2): every account, searchable, paged; a row opens the user's settings. */
export function AdminUsersRoute() {
  const { box, search, page, setPage } = useAdminListState();
  const list = useAdminUsers({ search, page });
  const { data } = list;
  const { data: profile } = useProfile();

  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: 'Главная', href: paths.admin.home.getHref() },
          { label: 'Список пользователей' },
        ]}
        title="Пользователи"
        actions={
          <Button component={Link} to={paths.admin.userCreate.getHref()} leftSection={<IconPlus size={18} />}>
            Создать пользователя
          </Button>
        }
      />
      <Group mb="md">
        <AdminListSearch box={box} label="Поиск пользователей" />
      </Group>
      <AdminListFrame list={list} page={page} onPageChange={setPage}>
        <UsersTable users={data?.items ?? []} selfId={profile?.id ?? null} />
      </AdminListFrame>
    </>
  );
}

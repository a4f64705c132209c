import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useAdminOrganizations } from '@/features/admin/organizations/api/get-admin-organizations';
import { OrganizationsAdminTable } from '@/features/admin/organizations/components/organizations-admin-table';
import { AdminListFrame } from '@/features/admin/shared/components/admin-list-frame';
import { AdminListSearch } from '@/features/admin/shared/components/admin-list-search';
import { useAdminListState } from '@/features/admin/shared/use-admin-list-state';

/** /admin/organizations (spec section 2): every organization with its owner and type. */
export function AdminOrganizationsRoute() {
  const { box, search, page, setPage } = useAdminListState();
  const list = useAdminOrganizations({ search, page });
  const { data } = list;

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.admin.home.getHref() }, { label: 'Организации' }]}
        title="Организации"
        actions={
          <Button
            component={Link}
            to={paths.admin.organizationCreate.getHref()}
            leftSection={<IconPlus size={18} />}
          >
            Создать организацию
          </Button>
        }
      />
      <Group mb="md">
        <AdminListSearch box={box} label="Поиск организаций" />
      </Group>
      <AdminListFrame list={list} page={page} onPageChange={setPage}>
        <OrganizationsAdminTable organizations={data?.items ?? []} />
      </AdminListFrame>
    </>
  );
}

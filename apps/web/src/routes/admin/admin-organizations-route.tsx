import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFrame } from '@/components/list-frame/list-frame';
import { ListSearch } from '@/components/list-frame/list-search';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useAdminOrganizations } from '@/features/admin/organizations/api/get-admin-organizations';
import { OrganizationsAdminTable } from '@/features/admin/organizations/components/organizations-admin-table';
import { useListState } from '@/lib/use-list-state';

/** /admin/organizations (spec section 2): every organization with its owner and type. */
export function AdminOrganizationsRoute() {
  const { box, search, page, setPage } = useListState();
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
        <ListSearch box={box} label="Поиск организаций" />
      </Group>
      <ListFrame list={list} page={page} onPageChange={setPage}>
        <OrganizationsAdminTable organizations={data?.items ?? []} />
      </ListFrame>
    </>
  );
}

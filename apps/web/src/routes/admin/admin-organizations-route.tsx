import type { AdminOrganizationListItem } from '@cabinet/contracts';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListFrame } from '@/components/list-frame/list-frame';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import {
  ADMIN_ORGANIZATIONS_LOAD_FAILED,
  useAdminOrganizations,
} from '@/features/admin/organizations/api/get-admin-organizations';
import { OrganizationsAdminTable } from '@/features/admin/organizations/components/organizations-admin-table';
import { OrganizationDeleteDialog } from '@/features/organizations/components/organization-delete-dialog';
import { useListState } from '@/lib/use-list-state';

/** /admin/organizations (spec section 2): every organization with its owner and type. */
export function AdminOrganizationsRoute() {
  const { box, search, page, setPage } = useListState();
  const list = useAdminOrganizations({ search, page });
  const { data } = list;
  const [deleting, setDeleting] = useState<AdminOrganizationListItem | null>(null);

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
      <ListFrame
        list={list}
        page={page}
        onPageChange={setPage}
        search={{ box, label: 'Поиск организаций', query: search }}
        errorText={ADMIN_ORGANIZATIONS_LOAD_FAILED}
        emptyNextStep="Создайте первую организацию"
      >
        <OrganizationsAdminTable organizations={data?.items ?? []} onDelete={setDeleting} />
      </ListFrame>
      {deleting && (
        <OrganizationDeleteDialog
          key={deleting.id}
          organizationId={deleting.id}
          opened
          onClose={() => setDeleting(null)}
          // The list is already here; the dialog's delete has refreshed it.
          onDeleted={() => setDeleting(null)}
        />
      )}
    </>
  );
}

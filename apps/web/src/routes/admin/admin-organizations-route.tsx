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
import { adminOrganizationsTexts } from '@/features/admin/organizations/texts';
import { OrganizationDeleteDialog } from '@/features/organizations/components/organization-delete-dialog';
import { useText } from '@/lib/i18n';
import { useListState } from '@/lib/use-list-state';

/** /admin/organizations (spec section 2): every organization with its owner and type. */
export function AdminOrganizationsRoute() {
  const t = useText(adminOrganizationsTexts);
  const { box, search, page, setPage } = useListState();
  const list = useAdminOrganizations({ search, page });
  const { data } = list;
  const [deleting, setDeleting] = useState<AdminOrganizationListItem | null>(null);

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.admin.home.getHref() }, { label: t('Организации') }]}
        title={t('Организации')}
        actions={
          <Button
            component={Link}
            to={paths.admin.organizationCreate.getHref()}
            leftSection={<IconPlus size={18} />}
          >
            {t('Создать организацию')}
          </Button>
        }
      />
      <ListFrame
        list={list}
        page={page}
        onPageChange={setPage}
        search={{ box, label: t('Поиск организаций'), query: search }}
        errorText={t(ADMIN_ORGANIZATIONS_LOAD_FAILED)}
        emptyNextStep={t('Создайте первую организацию')}
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

import { Skeleton, Stack } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin-page-header';
import { LoadError } from '@/components/load-error';
import { paths, searchParamKeys } from '@/config/paths';
import { adminOrganizationsTexts } from '@/features/admin/organizations/texts';
import {
  getOrganization,
  ORGANIZATION_LOAD_FAILED,
  organizationQueryOptions,
  useOrganization,
} from '@/features/organizations/api/get-organization';
import { useProfile } from '@/features/profile/api/get-profile';
import { TransferNotice } from '@/features/transfers/components/transfer-notice';
import { useText } from '@/lib/i18n';
import { useReloadOnCancel } from '@/lib/use-reload-on-cancel';
import { LEAVE_FORM } from '@/lib/use-unsaved-changes';
import { OrganizationManageSections } from '../organization-manage-sections';

/**
 * /admin/organizations/:orgId?orgName=… (spec section 2): 'Настройки организации' (save goes to the admin
 * list, 'Отмена' reloads the stored data) and 'Управление участниками' of any organization.
 */
export function AdminOrganizationSettingsRoute() {
  const t = useText(adminOrganizationsTexts);
  const navigate = useNavigate();
  const { orgId } = useParams();
  const [params] = useSearchParams();
  const id = Number(orgId);
  const organization = useOrganization(id);
  const cancelReload = useReloadOnCancel(organizationQueryOptions(id).queryKey, () => getOrganization(id));
  const name =
    organization.data?.name ||
    params.get(searchParamKeys.orgName) ||
    t('Организация {id}', { id: orgId ?? '' }).trim();
  // After a save or a delete: nothing is left to lose.
  const toList = () => navigate(paths.admin.organizations.getHref(), { state: LEAVE_FORM });
  const data = organization.data;
  const me = useProfile().data;

  return (
    <>
      <AdminPageHeader list="organizations" title={name} />
      {organization.isPending && !organization.isError && (
        <Stack gap="md" aria-label={t('Загрузка')}>
          <Skeleton height={260} />
          <Skeleton height={200} />
        </Stack>
      )}
      {organization.isError && !data && <LoadError title={ORGANIZATION_LOAD_FAILED} query={organization} />}
      {data && me && (
        <Stack gap="xl">
          <TransferNotice organization={data} viewerId={me.id} canCancel />
          <OrganizationManageSections
            organization={data}
            // A site admin acts as the owner of any organization.
            viewer={{ id: me.id, actsAsOwner: true }}
            onDone={toList}
            // Spec: 'Отмена' reloads the organization from the server.
            onCancel={cancelReload.reload}
          />
        </Stack>
      )}
    </>
  );
}

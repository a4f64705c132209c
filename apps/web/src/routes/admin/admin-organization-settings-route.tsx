import { Alert, Button, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths, searchParamKeys } from '@/config/paths';
import { useReloadOnCancel } from '@/features/admin/shared/use-reload-on-cancel';
import { MembersManager } from '@/features/members/components/members-manager';
import { getOrganization, useOrganization } from '@/features/organizations/api/get-organization';
import { organizationKeys } from '@/features/organizations/api/keys';
import { OrganizationDeleteDialog } from '@/features/organizations/components/organization-delete-dialog';
import { OrganizationForm } from '@/features/organizations/components/organization-form';

/**
 * /admin/organizations/:orgId?orgName=… (spec section 2): 'Настройки организации' (save goes to the admin
 * list, 'Отмена' reloads the stored data) and 'Управление участниками' of any organization.
 */
export function AdminOrganizationSettingsRoute() {
  const navigate = useNavigate();
  const { orgId } = useParams();
  const [params] = useSearchParams();
  const id = Number(orgId);
  const organization = useOrganization(id);
  const cancelReload = useReloadOnCancel(organizationKeys.detail(id), () => getOrganization(id));
  const [deleteOpened, setDeleteOpened] = useState(false);
  const name =
    organization.data?.name || params.get(searchParamKeys.orgName) || `Организация ${orgId ?? ''}`.trim();
  const toList = () => navigate(paths.admin.organizations.getHref());
  const data = organization.data;

  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: 'Главная', href: paths.admin.home.getHref() },
          { label: 'Организации', href: paths.admin.organizations.getHref() },
          { label: name },
        ]}
        title={name}
      />
      {organization.isPending && !organization.isError && (
        <Stack gap="md" aria-label="Загрузка">
          <Skeleton height={260} />
          <Skeleton height={200} />
        </Stack>
      )}
      {organization.isError && !data && (
        <Alert color="red" variant="light" title="Организация недоступна">
          Не удалось получить данные организации: возможно, она удалена.
        </Alert>
      )}
      {data && (
        <Stack gap="xl">
          <Paper
            withBorder
            p={{ base: 'md', xs: 'xl' }}
            component="section"
            aria-labelledby="admin-org-settings-title"
          >
            <Stack gap="lg">
              <Title id="admin-org-settings-title" order={2} size="h4">
                Настройки организации
              </Title>
              <OrganizationForm
                mode="edit"
                organization={data}
                onSaved={toList}
                // Spec: 'Отмена' reloads the organization from the server.
                onCancel={cancelReload.reload}
                extraActions={
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={18} aria-hidden />}
                    onClick={() => setDeleteOpened(true)}
                  >
                    Удалить организацию
                  </Button>
                }
              />
            </Stack>
          </Paper>
          <MembersManager organizationId={data.id} members={data.members} />
          <OrganizationDeleteDialog
            organizationId={data.id}
            opened={deleteOpened}
            onClose={() => setDeleteOpened(false)}
            onDeleted={toList}
          />
        </Stack>
      )}
    </>
  );
}

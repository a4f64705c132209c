import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AdminPageHeader } from '@/components/admin-page-header';
import { paths } from '@/config/paths';
import {
  membersToRequest,
  OrganizationMembersPicker,
  type PickedMember,
} from '@/features/admin/organizations/components/organization-members-picker';
import { adminOrganizationsTexts } from '@/features/admin/organizations/texts';
import { OrganizationForm } from '@/features/organizations/components/organization-form';
import { useText } from '@/lib/i18n';
import { useGoBack } from '@/lib/use-go-back';

/**
 * /admin/organizations/new, 'Создание организации' (spec section 2): name, type, avatar and optional
 * members, the first of whom becomes the owner (else the admin); then the admin organizations list.
 */
export function AdminOrganizationCreateRoute() {
  const t = useText(adminOrganizationsTexts);
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.organizations.getHref());
  const [members, setMembers] = useState<PickedMember[]>([]);

  return (
    <>
      <AdminPageHeader list="organizations" title={t('Создание организации')} />
      <Paper withBorder p={{ base: 'md', xs: 'xl' }} maw={760}>
        <Stack gap="lg">
          <section aria-labelledby="new-organization-members">
            <Stack gap="xs">
              <Title order={2} size="h4" id="new-organization-members">
                {t('Участники')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('Необязательно. Без участников владельцем станет ваш аккаунт.')}
              </Text>
              <OrganizationMembersPicker members={members} onChange={setMembers} />
            </Stack>
          </section>
          <Divider />
          <OrganizationForm
            mode="create"
            createExtras={members.length > 0 ? { members: membersToRequest(members) } : undefined}
            onSaved={() => navigate(paths.admin.organizations.getHref())}
            onCancel={goBack}
          />
        </Stack>
      </Paper>
    </>
  );
}

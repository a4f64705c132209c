import { Anchor, Group, List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListEmpty, ListError } from '@/components/list-frame/list-states';
import { SectionCard } from '@/components/section-card';
import { paths } from '@/config/paths';
import {
  ADMIN_ORGANIZATIONS_LOAD_FAILED,
  adminOrganizationsQueryOptions,
} from '@/features/admin/organizations/api/get-admin-organizations';
import { adminOrganizationsTexts } from '@/features/admin/organizations/texts';
import { adminUsersTexts } from '@/features/admin/users/texts';
import { useText } from '@/lib/i18n';

/**
 * 'Организации пользователя' (spec section 2, admin user settings): the organizations the user owns or is
 * an active member of (organizationsEndpoints.listAll with user_id), first page (docs/decisions/0071).
 */
export function UserOrganizationsPanel({ userId }: { userId: number }) {
  const t = useText(adminUsersTexts);
  const organizationsText = useText(adminOrganizationsTexts);
  const organizations = useQuery(adminOrganizationsQueryOptions({ search: '', page: 1, userId }));
  const items = organizations.data?.items ?? [];

  return (
    <SectionCard title={t('Организации пользователя')} gap="sm">
      <Text size="sm" c="dimmed">
        {t('Организации, которыми пользователь владеет или в которых состоит.')}
      </Text>
      {organizations.isPending && (
        <Group gap="xs">
          <Loader size="xs" aria-label={t('Загрузка')} />
        </Group>
      )}
      {organizations.isError && (
        <ListError compact title={organizationsText(ADMIN_ORGANIZATIONS_LOAD_FAILED)} query={organizations} />
      )}
      {organizations.isSuccess && items.length === 0 && (
        <ListEmpty compact hint={t('Пользователь не владеет организациями и не состоит в них')} />
      )}
      {items.length > 0 && (
        <List spacing={6} size="sm">
          {items.map((organization) => (
            <List.Item key={organization.id}>
              <Anchor
                component={Link}
                to={paths.admin.organizationSettings.getHref(organization.id, organization.name)}
                size="sm"
              >
                {organization.name}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                · {organization.owner_id === userId ? t('владелец') : t('участник')} ·{' '}
                {t(
                  '{count, plural, one {# участник} few {# участника} many {# участников} other {# участника}}',
                  { count: organization.members_count },
                )}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </SectionCard>
  );
}

import type { AdminOrganizationListItem } from '@cabinet/contracts';
import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmailText } from '@/components/email-text';
import { ListTable } from '@/components/list-frame/list-table';
import { RowActions } from '@/components/list-frame/row-actions';
import classes from '@/components/list-frame/table.module.css';
import { NameAvatar } from '@/components/name-avatar';
import { PersonInline, PersonName } from '@/components/person-name';
import { paths } from '@/config/paths';
import { useText } from '@/lib/i18n';
import { referenceName } from '@/lib/reference-names';
import { adminOrganizationsTexts } from '../texts';

type OrganizationsAdminTableProps = {
  organizations: AdminOrganizationListItem[];
  /** 'Удалить' of a row: the screen opens the organizations' delete dialog. */
  onDelete: (organization: AdminOrganizationListItem) => void;
};

/** Columns ID, Название, Владелец, Тип, Действия (spec section 2). */
export function OrganizationsAdminTable({ organizations, onDelete }: OrganizationsAdminTableProps) {
  const t = useText(adminOrganizationsTexts);
  return (
    <ListTable
      columns={[
        { label: 'ID', visibleFrom: 'xs' },
        t('Название'),
        { label: t('Владелец'), visibleFrom: 'xs' },
        { label: t('Тип'), visibleFrom: 'xs' },
      ]}
      actions
    >
      {organizations.map((organization) => {
        const href = paths.admin.organizationSettings.getHref(organization.id, organization.name);
        return (
          <Table.Tr key={organization.id} data-testid="admin-organization-row">
            <Table.Td visibleFrom="xs">{organization.id}</Table.Td>
            <Table.Td>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <NameAvatar
                  src={organization.files[0]?.url ?? null}
                  name={organization.name}
                  size={32}
                  radius="md"
                />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={href}
                    fw={600}
                    size="sm"
                    c="inherit"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {organization.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" hiddenFrom="xs" style={{ overflowWrap: 'break-word' }}>
                    {referenceName(organization.type)} · <PersonInline person={organization.owner} />
                  </Text>
                </Stack>
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="xs">
              <PersonName person={organization.owner} size="sm" />
              {organization.owner.name.trim() && (
                <EmailText size="xs" c="dimmed" email={organization.owner.email} />
              )}
            </Table.Td>
            <Table.Td visibleFrom="xs">{referenceName(organization.type)}</Table.Td>
            <Table.Td className={classes.actions}>
              <RowActions
                settingsHref={href}
                settingsLabel={t('Настройки организации {name}', { name: organization.name })}
                deleteLabel={t('Удалить организацию {name}', { name: organization.name })}
                onDelete={() => onDelete(organization)}
              />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}

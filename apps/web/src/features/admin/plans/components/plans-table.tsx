import type { Plan } from '@cabinet/contracts';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '@/components/list-frame/list-table';
import { RowActions } from '@/components/list-frame/row-actions';
import classes from '@/components/list-frame/table.module.css';
import { paths } from '@/config/paths';
import { formatMoneyExact } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { adminPlansTexts } from '../texts';
import { PlanDeleteDialog } from './plan-delete-dialog';

/** Columns ID, Название, Стоимость/мес, Стоимость/год, Действия (spec section 2). */
export function PlansTable({ plans }: { plans: Plan[] }) {
  const t = useText(adminPlansTexts);
  const [deleting, setDeleting] = useState<Plan | null>(null);

  return (
    <>
      <ListTable
        columns={[
          { label: 'ID', visibleFrom: 'xs' },
          t('Название'),
          { label: t('Стоимость/мес'), visibleFrom: 'xs' },
          { label: t('Стоимость/год'), visibleFrom: 'xs' },
        ]}
        actions
      >
        {plans.map((plan) => {
          const href = paths.admin.planSettings.getHref(plan.id, plan.name);
          return (
            <Table.Tr key={plan.id} data-testid="admin-plan-row">
              <Table.Td visibleFrom="xs">{plan.id}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Anchor component={Link} to={href} fw={600} size="sm" c="inherit">
                    {plan.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" hiddenFrom="xs">
                    {t('{month} в мес · {year} в год', {
                      month: formatMoneyExact(plan.price_month),
                      year: formatMoneyExact(plan.price_year),
                    })}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="xs">{formatMoneyExact(plan.price_month)}</Table.Td>
              <Table.Td visibleFrom="xs">{formatMoneyExact(plan.price_year)}</Table.Td>
              <Table.Td className={classes.actions}>
                <RowActions
                  settingsHref={href}
                  settingsLabel={t('Настройки тарифа {name}', { name: plan.name })}
                  deleteLabel={t('Удалить тариф {name}', { name: plan.name })}
                  onDelete={() => setDeleting(plan)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
      <PlanDeleteDialog plan={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

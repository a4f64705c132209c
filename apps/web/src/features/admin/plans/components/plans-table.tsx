import type { Plan } from '@cabinet/contracts';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '@/components/list-frame/list-table';
import { RowActions } from '@/components/list-frame/row-actions';
import classes from '@/components/list-frame/table.module.css';
import { paths } from '@/config/paths';
import { formatMoneyExact } from '@/lib/format';
import { PlanDeleteDialog } from './plan-delete-dialog';

/** Columns ID, Название, Стоимость/мес, Стоимость/год, Действия (spec section 2). */
export function PlansTable({ plans }: { plans: Plan[] }) {
  const [deleting, setDeleting] = useState<Plan | null>(null);

  return (
    <>
      <ListTable
        columns={[
          { label: 'ID', visibleFrom: 'xs' },
          'Название',
          { label: 'Стоимость/мес', visibleFrom: 'xs' },
          { label: 'Стоимость/год', visibleFrom: 'xs' },
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
                    {formatMoneyExact(plan.price_month)} в мес · {formatMoneyExact(plan.price_year)} в год
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="xs">{formatMoneyExact(plan.price_month)}</Table.Td>
              <Table.Td visibleFrom="xs">{formatMoneyExact(plan.price_year)}</Table.Td>
              <Table.Td className={classes.actions}>
                <RowActions
                  settingsHref={href}
                  settingsLabel={`Настройки тарифа ${plan.name}`}
                  deleteLabel={`Удалить тариф ${plan.name}`}
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

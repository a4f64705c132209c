import type { Plan } from '@cabinet/contracts';
import { ActionIcon, Anchor, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconSettings, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatMoneyExact } from '@/lib/format';
import classes from '../../shared/components/admin-table.module.css';
import { useConfirmPlanDelete } from './use-confirm-plan-delete';

/** Columns ID, Название, Стоимость/мес, Стоимость/год, Действия (spec section 2). */
export function PlansTable({ plans }: { plans: Plan[] }) {
  const { confirm, isPending, pendingId } = useConfirmPlanDelete();

  return (
    <Table verticalSpacing="sm" horizontalSpacing="md">
      <Table.Thead>
        <Table.Tr>
          <Table.Th visibleFrom="xs">ID</Table.Th>
          <Table.Th>Название</Table.Th>
          <Table.Th visibleFrom="xs">Стоимость/мес</Table.Th>
          <Table.Th visibleFrom="xs">Стоимость/год</Table.Th>
          <Table.Th className={classes.actions}>Действия</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
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
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Настройки" withArrow>
                    <ActionIcon
                      component={Link}
                      to={href}
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={`Настройки тарифа ${plan.name}`}
                    >
                      <IconSettings size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Удалить" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Удалить тариф ${plan.name}`}
                      loading={isPending && pendingId === plan.id}
                      onClick={() => confirm(plan)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useDeletePlan } from '../api/plan-mutations';

/**
 * The delete dialog of spec section 2: 'Удалить тариф?' / 'Действие невозможно будет отменить'. A refused
 * delete (a plan someone holds, 'Базовый') toasts the server's reason as-is and leaves the plan alone.
 */
export function useConfirmPlanDelete() {
  const deletePlan = useDeletePlan();
  const confirm = (plan: { id: number; name: string }, onDeleted?: () => void) =>
    modals.openConfirmModal({
      title: 'Удалить тариф?',
      children: <Text size="sm">Действие невозможно будет отменить</Text>,
      labels: { confirm: 'Удалить тариф', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => deletePlan.mutate(plan.id, { onSuccess: () => onDeleted?.() }),
    });
  return { confirm, isPending: deletePlan.isPending, pendingId: deletePlan.variables };
}

import { Text } from '@mantine/core';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { useDeletePlan } from '../api/plan-mutations';

type PlanDeleteDialogProps = {
  /** The plan to delete; the dialog is closed while null. */
  plan: { id: number; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/**
 * The delete dialog of spec section 2: 'Удалить тариф?' / 'Действие невозможно будет отменить'. A refused
 * delete (a plan someone holds, 'Базовый') toasts the server's reason as-is and leaves the plan alone.
 */
export function PlanDeleteDialog({ plan, onClose, onDeleted }: PlanDeleteDialogProps) {
  const deletePlan = useDeletePlan();
  return (
    <ConfirmDeleteDialog
      opened={plan !== null}
      onClose={onClose}
      title="Удалить тариф?"
      confirmLabel="Удалить тариф"
      busy={deletePlan.isPending}
      onConfirm={() =>
        plan && deletePlan.mutate(plan.id, { onSuccess: () => onDeleted?.(), onSettled: onClose })
      }
    >
      <Text size="sm">Действие невозможно будет отменить</Text>
    </ConfirmDeleteDialog>
  );
}

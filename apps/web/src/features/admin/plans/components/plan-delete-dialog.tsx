import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ListError } from '@/components/list-frame/list-states';
import { useText } from '@/lib/i18n';
import { usePlanDeletion } from '../api/get-plan-deletion';
import { useDeletePlan } from '../api/plan-mutations';
import { type AdminPlansText, adminPlansTexts } from '../texts';

type PlanDeleteDialogProps = {
  /** The plan to delete; the dialog is closed while null. */
  plan: { id: number; name: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
};

export const PLAN_NOT_DELETABLE = 'Тариф нельзя удалить' satisfies AdminPlansText;

/**
 * 'Удалить тариф': first asks the server whether the plan can go (decision 0163). A plan that users hold
 * (or 'Базовый', or one with payments) is refused before any confirmation, with the reason and how many
 * users hold it; only a deletable plan gets spec section 2's 'Удалить тариф?' / 'Действие невозможно будет
 * отменить'. A refusal that arrives anyway (a holder appeared in between) toasts the server's reason.
 */
export function PlanDeleteDialog({ plan, onClose, onDeleted }: PlanDeleteDialogProps) {
  const t = useText(adminPlansTexts);
  const deletePlan = useDeletePlan();
  const deletion = usePlanDeletion(plan?.id ?? null);
  const answer = deletion.data;

  if (plan && answer?.deletable === false) {
    return (
      <Modal opened onClose={onClose} title={t(PLAN_NOT_DELETABLE)} centered>
        <Stack gap="md">
          <Text size="sm">{answer.reason}</Text>
          <Text size="sm" c="dimmed">
            {t('Пользователей с этим тарифом: {count}', { count: answer.holders })}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('Понятно')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  if (plan && !answer) {
    return (
      <Modal opened onClose={onClose} title={t('Удалить тариф?')} centered>
        {deletion.isError ? (
          <ListError compact title={t('Не удалось проверить, можно ли удалить тариф')} query={deletion} />
        ) : (
          <Center py="md">
            <Loader size="sm" aria-label={t('Проверяем, можно ли удалить тариф')} />
          </Center>
        )}
      </Modal>
    );
  }

  return (
    <ConfirmDeleteDialog
      opened={plan !== null}
      onClose={onClose}
      title={t('Удалить тариф?')}
      confirmLabel={t('Удалить тариф')}
      busy={deletePlan.isPending}
      onConfirm={() =>
        plan && deletePlan.mutate(plan.id, { onSuccess: () => onDeleted?.(), onSettled: onClose })
      }
    >
      <Text size="sm">{t('Действие невозможно будет отменить')}</Text>
    </ConfirmDeleteDialog>
  );
}

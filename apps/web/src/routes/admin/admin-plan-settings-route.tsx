import { planFormToRequest } from '@cabinet/contracts';
import { Button, Center, Loader } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/admin-page-header';
import { LoadError } from '@/components/load-error';
import { paths, searchParamKeys } from '@/config/paths';
import { useUpdatePlan } from '@/features/admin/plans/api/plan-mutations';
import { PlanDeleteDialog } from '@/features/admin/plans/components/plan-delete-dialog';
import { PlanForm } from '@/features/admin/plans/components/plan-form';
import { adminPlansTexts } from '@/features/admin/plans/texts';
import { getPlan, PLAN_LOAD_FAILED, planQueryOptions, usePlan } from '@/features/plans/api/get-plan';
import { useText } from '@/lib/i18n';
import { useReloadOnCancel } from '@/lib/use-reload-on-cancel';
import { LEAVE_FORM } from '@/lib/use-unsaved-changes';

/**
 * /admin/subscriptions/:subscriptionId?subscriptionName=… (spec section 2): edit or delete a plan; after
 * either, the plans list. 'Отмена' reloads the stored values.
 */
export function AdminPlanSettingsRoute() {
  const t = useText(adminPlansTexts);
  const navigate = useNavigate();
  const { subscriptionId } = useParams();
  const [params] = useSearchParams();
  const id = Number(subscriptionId);
  const plan = usePlan(id, { fresh: true });
  const updatePlan = useUpdatePlan();
  const cancelReload = useReloadOnCancel(planQueryOptions(id).queryKey, () => getPlan(id));
  const [deleteOpened, setDeleteOpened] = useState(false);
  const title =
    plan.data?.name ||
    params.get(searchParamKeys.subscriptionName) ||
    t('Тариф {id}', { id: subscriptionId ?? '' });
  // After a save or a delete: nothing is left to lose.
  const toList = () => navigate(paths.admin.plans.getHref(), { state: LEAVE_FORM });
  const busy = updatePlan.isPending || plan.isFetching || cancelReload.isPending;

  let body = (
    <Center py="xl">
      <Loader aria-label={t('Загрузка')} />
    </Center>
  );
  if (plan.data) {
    body = (
      <PlanForm
        mode="edit"
        plan={plan.data}
        busy={busy}
        submitLabel={t('Сохранить изменения')}
        onCancel={cancelReload.reload}
        onSubmit={(values) =>
          updatePlan.mutate({ id, body: planFormToRequest(values) }, { onSuccess: toList })
        }
        extraActions={
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={busy}
            onClick={() => setDeleteOpened(true)}
          >
            {t('Удалить тариф')}
          </Button>
        }
      />
    );
  } else if (plan.isError) {
    body = <LoadError title={PLAN_LOAD_FAILED} query={plan} />;
  }

  return (
    <>
      <AdminPageHeader list="plans" title={title} />
      {body}
      <PlanDeleteDialog
        plan={deleteOpened && plan.data ? plan.data : null}
        onClose={() => setDeleteOpened(false)}
        onDeleted={toList}
      />
    </>
  );
}

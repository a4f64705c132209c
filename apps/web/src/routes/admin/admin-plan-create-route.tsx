import { planFormToRequest } from '@cabinet/contracts';
import { useNavigate } from 'react-router';
import { AdminPageHeader } from '@/components/admin-page-header';
import { paths } from '@/config/paths';
import { useCreatePlan } from '@/features/admin/plans/api/plan-mutations';
import { PlanForm } from '@/features/admin/plans/components/plan-form';
import { adminPlansTexts } from '@/features/admin/plans/texts';
import { useText } from '@/lib/i18n';
import { useGoBack } from '@/lib/use-go-back';

/** /admin/subscriptions/new, 'Создание тарифа' (spec sections 2 and 4): create, then the plans list. */
export function AdminPlanCreateRoute() {
  const t = useText(adminPlansTexts);
  const navigate = useNavigate();
  const goBack = useGoBack(paths.admin.plans.getHref());
  const createPlan = useCreatePlan();

  return (
    <>
      <AdminPageHeader list="plans" title={t('Создание тарифа')} />
      <PlanForm
        mode="create"
        busy={createPlan.isPending}
        submitLabel={t('Создать тариф')}
        onCancel={goBack}
        onSubmit={(values) =>
          createPlan.mutate(planFormToRequest(values), {
            onSuccess: () => navigate(paths.admin.plans.getHref()),
          })
        }
      />
    </>
  );
}

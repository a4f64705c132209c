import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFrame } from '@/components/list-frame/list-frame';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ADMIN_PLANS_LOAD_FAILED, useAdminPlans } from '@/features/admin/plans/api/get-admin-plans';
import { PlansTable } from '@/features/admin/plans/components/plans-table';
import { adminPlansTexts } from '@/features/admin/plans/texts';
import { useText } from '@/lib/i18n';
import { useListState } from '@/lib/use-list-state';

/** /admin/subscriptions (spec section 2): every plan, searchable by name. */
export function AdminPlansRoute() {
  const t = useText(adminPlansTexts);
  const { box, search, page, setPage } = useListState();
  const list = useAdminPlans({ search, page });
  const { data } = list;

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.admin.home.getHref() }, { label: t('Тарифы') }]}
        title={t('Тарифы')}
        actions={
          <Button component={Link} to={paths.admin.planCreate.getHref()} leftSection={<IconPlus size={18} />}>
            {t('Создать тариф')}
          </Button>
        }
      />
      <ListFrame
        list={list}
        page={page}
        onPageChange={setPage}
        search={{ box, label: t('Поиск тарифов'), query: search }}
        errorText={t(ADMIN_PLANS_LOAD_FAILED)}
        emptyNextStep={t('Создайте первый тариф')}
      >
        <PlansTable plans={data?.items ?? []} />
      </ListFrame>
    </>
  );
}

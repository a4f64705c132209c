import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ListFrame } from '@/components/list-frame/list-frame';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ADMIN_PLANS_LOAD_FAILED, useAdminPlans } from '@/features/admin/plans/api/get-admin-plans';
import { PlansTable } from '@/features/admin/plans/components/plans-table';
import { useListState } from '@/lib/use-list-state';

/** /admin/subscriptions (spec section 2): every plan, searchable by name. */
export function AdminPlansRoute() {
  const { box, search, page, setPage } = useListState();
  const list = useAdminPlans({ search, page });
  const { data } = list;

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.admin.home.getHref() }, { label: 'Тарифы' }]}
        title="Тарифы"
        actions={
          <Button component={Link} to={paths.admin.planCreate.getHref()} leftSection={<IconPlus size={18} />}>
            Создать тариф
          </Button>
        }
      />
      <ListFrame
        list={list}
        page={page}
        onPageChange={setPage}
        search={{ box, label: 'Поиск тарифов', query: search }}
        errorText={ADMIN_PLANS_LOAD_FAILED}
        emptyNextStep="Создайте первый тариф"
      >
        <PlansTable plans={data?.items ?? []} />
      </ListFrame>
    </>
  );
}

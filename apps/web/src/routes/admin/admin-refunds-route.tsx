import { useState } from 'react';
import { ListFrame } from '@/components/list-frame/list-frame';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { REFUNDS_LOAD_FAILED, useRefunds } from '@/features/admin/refunds/api/get-refunds';
import { RefundsTable } from '@/features/admin/refunds/components/refunds-table';

/**
 * /admin/refunds: signed payments that bought nothing (an unknown order, an order already paid, an amount
 * short of the price). The money is returned by hand in YooMoney, then marked here (decision 0092).
 */
export function AdminRefundsRoute() {
  const [page, setPage] = useState(1);
  const list = useRefunds(page);
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: 'Главная', href: paths.admin.home.getHref() }, { label: 'Возвраты' }]}
        title="Возвраты"
        description="Оплачено, но тариф не подключён: проверьте и верните деньги. Каждая строка — платёж, который дошёл, но ничего не подключил; верните деньги плательщику в YooMoney и отметьте возврат здесь."
      />
      <ListFrame
        list={list}
        page={page}
        onPageChange={setPage}
        errorText={REFUNDS_LOAD_FAILED}
        emptyNextStep="Здесь появятся платежи, за которые ничего не подключено"
      >
        <RefundsTable refunds={list.data?.items ?? []} />
      </ListFrame>
    </>
  );
}

import { useState } from 'react';
import { ListFrame } from '@/components/list-frame/list-frame';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { REFUNDS_LOAD_FAILED, useRefunds } from '@/features/admin/refunds/api/get-refunds';
import { RefundsTable } from '@/features/admin/refunds/components/refunds-table';
import { adminRefundsTexts } from '@/features/admin/refunds/texts';
import { useText } from '@/lib/i18n';

/**
 * /admin/refunds: signed payments that bought nothing (an unknown order, an order already paid, an amount
 * short of the price). The money is returned by hand in YooMoney, then marked here (decision 0092).
 */
export function AdminRefundsRoute() {
  const t = useText(adminRefundsTexts);
  const [page, setPage] = useState(1);
  const list = useRefunds(page);
  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.admin.home.getHref() }, { label: t('Возвраты') }]}
        title={t('Возвраты')}
        description={t(
          'Оплачено, но тариф не подключён: проверьте и верните деньги. Каждая строка — платёж, который дошёл, но ничего не подключил; верните деньги плательщику в YooMoney и отметьте возврат здесь.',
        )}
      />
      <ListFrame
        list={list}
        page={page}
        onPageChange={setPage}
        errorText={t(REFUNDS_LOAD_FAILED)}
        emptyNextStep={t('Здесь появятся платежи, за которые ничего не подключено')}
      >
        <RefundsTable refunds={list.data?.items ?? []} />
      </ListFrame>
    </>
  );
}

import { Button, Group, Skeleton } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { NotFoundView } from '@/components/not-found-view';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { RefundButton } from '@/features/admin/payments/components/refund-payment-dialog';
import { useOrder } from '@/features/payments/api/get-order';
import { RECEIPT_LOAD_FAILED, useReceipt } from '@/features/payments/api/get-receipt';
import { ReceiptView } from '@/features/payments/components/receipt-view';
import { paymentTexts } from '@/features/payments/texts';
import { useProfile } from '@/features/profile/api/get-profile';
import { useText } from '@/lib/i18n';

/** /payments/:paymentId/receipt (issue 15): a payment's receipt, 'Печать' prints it alone. */
export function PaymentReceiptRoute() {
  const t = useText(paymentTexts);
  const paymentId = Number(useParams().paymentId);
  const receipt = useReceipt(paymentId);
  const valid = Number.isInteger(paymentId) && paymentId > 0;
  // Admins return money of a YooKassa payment from here too (decision 0204): the order says what is left.
  const isAdmin = useProfile().data?.is_admin === true;
  const order = useOrder(isAdmin && receipt.data ? receipt.data.label : '');

  // The printed page's title and a saved PDF's default name.
  useEffect(() => {
    if (!receipt.data) return;
    const before = document.title;
    document.title = t('Квитанция № {id}', { id: receipt.data.payment_id });
    return () => {
      document.title = before;
    };
  }, [receipt.data, t]);

  if (!valid) return <NotFoundView />;
  return (
    <>
      <div data-print-hidden>
        <PageHeader
          breadcrumbs={[
            { label: t('Главная'), href: paths.home.getHref() },
            { label: t('Подписка'), href: paths.subscription.getHref() },
            { label: t('Квитанция') },
          ]}
          title={t('Квитанция')}
          actions={
            <Group gap="sm">
              {order.data && <RefundButton payment={order.data} size="sm" />}
              <Button
                component={Link}
                to={paths.subscription.getHref()}
                variant="default"
                leftSection={<IconArrowLeft size={18} aria-hidden />}
              >
                {t('К платежам')}
              </Button>
              <Button
                leftSection={<IconPrinter size={18} aria-hidden />}
                onClick={() => window.print()}
                disabled={!receipt.data}
              >
                {t('Печать')}
              </Button>
            </Group>
          }
        />
      </div>
      {receipt.isPending && <Skeleton height={420} maw={760} />}
      {receipt.isError && <LoadError title={t(RECEIPT_LOAD_FAILED)} query={receipt} />}
      {receipt.data && <ReceiptView receipt={receipt.data} />}
    </>
  );
}

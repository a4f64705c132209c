import { type Payment, PaymentRefundRequestSchema } from '@cabinet/contracts';
import { Button, Modal, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { FormFrame } from '@/components/form-frame';
import { useRefundPayment } from '@/features/admin/payments/api/refund-payment';
import { formatMoney } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { adminPaymentsTexts } from '../texts';

/** What is left to return of a payment, in rubles with two decimals. */
export function leftToRefund(payment: Pick<Payment, 'amount' | 'refunded_amount'>): string {
  const kopecks =
    Math.round(Number(payment.amount) * 100) - Math.round(Number(payment.refunded_amount) * 100);
  return (Math.max(0, kopecks) / 100).toFixed(2);
}

type Refundable = Pick<Payment, 'id' | 'amount' | 'refunded_amount' | 'provider' | 'status'>;
type Props = { payment: Refundable; opened: boolean; onClose: () => void };

/**
 * 'Вернуть' (admins, decision 0204): a paid YooKassa payment with money left to return; in 'Платежи' and on
 * the payment's own page (its receipt).
 */
export function RefundButton({ payment, size = 'xs' }: { payment: Refundable; size?: 'xs' | 'sm' }) {
  const t = useText(adminPaymentsTexts);
  const [opened, setOpened] = useState(false);
  if (payment.provider !== 'yookassa' || payment.status !== 'paid' || leftToRefund(payment) === '0.00') {
    return null;
  }
  return (
    <>
      <Button
        size={size}
        variant="default"
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        aria-label={t('Вернуть деньги по платежу № {id}', { id: payment.id })}
        onClick={() => setOpened(true)}
      >
        {t('Вернуть')}
      </Button>
      {opened && <RefundPaymentDialog payment={payment} opened onClose={() => setOpened(false)} />}
    </>
  );
}

/** 'Вернуть деньги': all or part of a YooKassa payment, with a reason (the payer is mailed). */
export function RefundPaymentDialog({ payment, opened, onClose }: Props) {
  const t = useText(adminPaymentsTexts);
  const left = leftToRefund(payment);
  const refund = useRefundPayment(payment.id);
  const form = useForm({
    mode: 'controlled',
    initialValues: { amount: left, reason: '' },
    validate: schemaResolver(PaymentRefundRequestSchema, { sync: true }),
    validateInputOnChange: true,
  });
  const submit = form.onSubmit((values) =>
    refund.mutate(PaymentRefundRequestSchema.parse(values), { onSuccess: onClose }),
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('Возврат по платежу № {id}', { id: payment.id })}
      centered
    >
      <FormFrame
        form={form}
        labels={{ amount: t('Сумма'), reason: t('Причина') }}
        onSubmit={submit}
        busy={refund.isPending}
        submitLabel={t('Вернуть')}
        onCancel={onClose}
      >
        <Text size="sm">
          {t(
            'Оплачено {paid}, можно вернуть {left}. Полный возврат сразу завершает тариф, частичный оставляет срок.',
            { paid: formatMoney(payment.amount), left: formatMoney(left) },
          )}
        </Text>
        <TextInput
          label={t('Сумма')}
          inputMode="decimal"
          withAsterisk
          data-autofocus
          disabled={refund.isPending}
          {...form.getInputProps('amount')}
        />
        <Textarea
          label={t('Причина')}
          withAsterisk
          autosize
          minRows={2}
          maxLength={250}
          disabled={refund.isPending}
          {...form.getInputProps('reason')}
        />
      </FormFrame>
    </Modal>
  );
}

import { type Payment, PaymentRefundRequestSchema } from '@cabinet/contracts';
import { Button, Modal, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { FormFrame } from '@/components/form-frame';
import { useRefundPayment } from '@/features/admin/payments/api/refund-payment';
import { formatMoney } from '@/lib/format';

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
        aria-label={`Вернуть деньги по платежу № ${payment.id}`}
        onClick={() => setOpened(true)}
      >
        Вернуть
      </Button>
      {opened && <RefundPaymentDialog payment={payment} opened onClose={() => setOpened(false)} />}
    </>
  );
}

/** 'Вернуть деньги': all or part of a YooKassa payment, with a reason (the payer is mailed). */
export function RefundPaymentDialog({ payment, opened, onClose }: Props) {
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
    <Modal opened={opened} onClose={onClose} title={`Возврат по платежу № ${payment.id}`} centered>
      <FormFrame
        form={form}
        labels={{ amount: 'Сумма', reason: 'Причина' }}
        onSubmit={submit}
        busy={refund.isPending}
        submitLabel="Вернуть"
        onCancel={onClose}
      >
        <Text size="sm">
          Оплачено {formatMoney(payment.amount)}, можно вернуть {formatMoney(left)}. Полный возврат сразу
          завершает тариф, частичный оставляет срок.
        </Text>
        <TextInput
          label="Сумма"
          inputMode="decimal"
          withAsterisk
          data-autofocus
          disabled={refund.isPending}
          {...form.getInputProps('amount')}
        />
        <Textarea
          label="Причина"
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

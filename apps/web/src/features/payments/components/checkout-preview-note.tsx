import type { CheckoutPreview, PaymentPeriod } from '@cabinet/contracts';
import { Alert, Skeleton, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { formatDate, formatMoney } from '@/lib/format';
import { textNow, useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';
import { useCheckoutPreview } from '../api/get-checkout-preview';
import { paymentTexts } from '../texts';

/** What the payment does to the plan's dates, in words (decision 0162). */
export function previewText(preview: CheckoutPreview): string {
  const t = textNow(paymentTexts);
  const end = preview.granted_until ? formatDate(preview.granted_until) : null;
  const name = `${quoted(preview.plan.name)}`;
  const current = `${quoted(preview.current.plan.name)}`;
  if (preview.kind === 'renewal') {
    return end
      ? t('Оплата продлит тариф {name}: он будет действовать до {end}, а не до {before}.', {
          name,
          end,
          before: formatDate(preview.current.expires_at),
        })
      : t('Тариф {name} у вас бессрочный: оплата его срок не изменит.', { name });
  }
  if (preview.kind === 'switch') {
    const until = preview.current.expires_at
      ? t(' (до {date})', { date: formatDate(preview.current.expires_at) })
      : '';
    const credit = Number(preview.credit);
    return credit > 0
      ? t(
          'Оплаченные дни тарифа {current}{until} не пропадут: {credit} за них зачтутся в тариф {name}, и он будет действовать до {end}.',
          { current, until, credit: formatMoney(preview.credit), name, end },
        )
      : t(
          'Тариф {name} заменит тариф {current}{until}; за него ничего не оплачено, поэтому зачитывать нечего. Новый тариф будет действовать до {end}.',
          { name, current, until, end },
        );
  }
  return t('Тариф {name} начнёт действовать сразу после оплаты, до {end}.', { name, end });
}

type CheckoutPreviewNoteProps = { planId: number; period: PaymentPeriod; enabled: boolean };

/** Above 'Оплатить': the credit of the days already paid and the new end date (issue 16). */
export function CheckoutPreviewNote({ planId, period, enabled }: CheckoutPreviewNoteProps) {
  const t = useText(paymentTexts);
  const preview = useCheckoutPreview(planId, period, enabled);
  if (!enabled) return null;
  if (preview.isPending) return <Skeleton height={64} aria-label={t('Загрузка')} />;
  if (preview.isError) {
    return (
      <Text size="sm" c="dimmed">
        {t('Не удалось рассчитать новую дату окончания: её покажет история платежей после оплаты.')}
      </Text>
    );
  }
  return (
    <Alert
      variant="light"
      color={preview.data.kind === 'switch' ? 'teal' : 'blue'}
      icon={<IconCalendarEvent size={20} aria-hidden />}
      title={t('Что будет со сроком тарифа')}
      data-testid="checkout-preview"
    >
      {previewText(preview.data)}
    </Alert>
  );
}

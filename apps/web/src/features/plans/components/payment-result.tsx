import type { Payment, Profile } from '@cabinet/contracts';
import { Alert } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import { textNow, useText } from '@/lib/i18n';
import { quoted } from '@/lib/quoted';
import { isFreePlan } from '../lib/plan-pricing';
import { planTexts } from '../texts';

/** 'Срок окончания': the end date; '—' for the free plan, 'Бессрочно' for a paid plan without one. */
export function planEndLabel(profile: Pick<Profile, 'subscribe_expires_at' | 'subscribe' | 'subscribe_id'>) {
  if (profile.subscribe_expires_at) return formatDate(profile.subscribe_expires_at);
  return isFreePlan(profile.subscribe) ? '—' : textNow(planTexts)('Бессрочно');
}

/** The notice of a return from the payment page (?payment=success|cancelled). */
const PAYMENT_RESULTS = {
  success: { color: 'green', Icon: IconCircleCheck, title: 'Оплата прошла успешно' },
  cancelled: { color: 'gray', Icon: IconInfoCircle, title: 'Оплата отменена' },
} as const;

export function PaymentResult({
  result,
  profile,
  order,
  onDismiss,
}: {
  result: string;
  profile: Profile | undefined;
  /** The order just paid: its short number is what people quote (issue 34, rule 10). */
  order: Payment | undefined;
  onDismiss: () => void;
}) {
  const t = useText(planTexts);
  if (result !== 'success' && result !== 'cancelled') return null;
  const { color, Icon, title } = PAYMENT_RESULTS[result];
  let text = t('Деньги не списаны, тариф не изменился.');
  if (result === 'success') {
    const plan = { plan: quoted(profile?.subscribe.name ?? ''), end: profile ? planEndLabel(profile) : '' };
    text = !profile
      ? t('Обновляем данные тарифа…')
      : order
        ? t('Заказ № {order} оплачен. Ваш тариф: {plan}, срок окончания: {end}.', {
            order: order.id,
            ...plan,
          })
        : t('Ваш тариф: {plan}, срок окончания: {end}.', plan);
  }
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={20} aria-hidden />}
      title={t(title)}
      withCloseButton
      closeButtonLabel={t('Скрыть')}
      onClose={onDismiss}
      role="status"
    >
      {text}
    </Alert>
  );
}

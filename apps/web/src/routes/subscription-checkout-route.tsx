import {
  DEFAULT_PAYMENT_METHOD,
  type PaymentMethod,
  type PaymentPeriod,
  type Plan,
} from '@cabinet/contracts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowLeft, IconCreditCard, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { SubmitButton } from '@/components/submit-button';
import { TestModeBadge } from '@/components/test-payment-badge';
import { paths, searchParamKeys } from '@/config/paths';
import { useCheckout } from '@/features/payments/api/create-checkout';
import { usePaymentSettings } from '@/features/payments/api/get-payment-settings';
import { CheckoutPreviewNote } from '@/features/payments/components/checkout-preview-note';
import { type PaymentText, paymentTexts } from '@/features/payments/texts';
import { PLAN_LOAD_FAILED, usePlan } from '@/features/plans/api/get-plan';
import { PlanPrice } from '@/features/plans/components/plan-price';
import { isFreePlan, planPriceView } from '@/features/plans/lib/plan-pricing';
import { useProfile } from '@/features/profile/api/get-profile';
import { formatMoney } from '@/lib/format';
import { textNow, useText } from '@/lib/i18n';
import { richText } from '@/lib/i18n/rich-text';
import { quoted } from '@/lib/quoted';
import classes from './subscription-checkout-route.module.css';

type PeriodOptionProps = { plan: Plan; period: PaymentPeriod; checked: boolean };

function PeriodOption({ plan, period, checked }: PeriodOptionProps) {
  const t = useText(paymentTexts);
  const view = planPriceView(plan, period);
  return (
    <Radio.Card value={period} checked={checked} radius="md" p="md" className={classes.option}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Radio.Indicator mt={2} />
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{period === 'month' ? t('Оплата за месяц') : t('Оплата за год')}</Text>
            {period === 'year' && view.kind === 'year' && view.savingPercent > 0 && (
              <Badge color="green" variant="light" radius="sm" tt="none">
                {t('Выгодно')}
              </Badge>
            )}
          </Group>
          <PlanPrice plan={plan} period={period} size="md" />
        </Stack>
      </Group>
    </Radio.Card>
  );
}

const METHODS: {
  value: PaymentMethod;
  label: PaymentText;
  hint: PaymentText;
  icon: typeof IconCreditCard;
}[] = [
  { value: 'mir', label: 'Карта «Мир»', hint: 'Банковская карта', icon: IconCreditCard },
  { value: 'sbp', label: 'СБП', hint: 'Система быстрых платежей', icon: IconQrcode },
];

/** What auto-renewal will charge and when (the law on autopayments asks to say both before consent). */
export function autoRenewText(sum: string, period: PaymentPeriod, daysBefore: number): string {
  const t = textNow(paymentTexts);
  const when =
    daysBefore === 0
      ? t('в день окончания срока')
      : t('за {days, plural, one {# день} few {# дня} many {# дней} other {# дня}} до окончания срока', {
          days: daysBefore,
        });
  const values = { when, sum: formatMoney(sum) };
  return period === 'month'
    ? t(
        'Сохраним карту и каждый месяц {when} будем списывать {sum}, пока вы не отключите автопродление.',
        values,
      )
    : t(
        'Сохраним карту и каждый год {when} будем списывать {sum}, пока вы не отключите автопродление.',
        values,
      );
}

/** Checkout (spec section 2): the plan, month or year, mir or sbp, then 'Оплатить' posts the payment form. */
export function SubscriptionCheckoutRoute() {
  const t = useText(paymentTexts);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const planId = Number(params.get(searchParamKeys.subscribeId));
  const plan = usePlan(planId);
  const profile = useProfile();
  const settings = usePaymentSettings();
  const checkout = useCheckout();
  // ?type= comes with a link from outside (a reminder mail, the grace banner: issue 15); the plans
  // screen hands its period over in the navigation's state.
  const linkedPeriod = params.get(searchParamKeys.type);
  const initialPeriod: PaymentPeriod =
    linkedPeriod === 'month' || linkedPeriod === 'year'
      ? linkedPeriod
      : ((location.state as { period?: PaymentPeriod } | null)?.period ?? 'month');
  const [period, setPeriod] = useState<PaymentPeriod>(initialPeriod);
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  // 'Продлевать автоматически' (YooKassa only): off by default, as the law on autopayments asks.
  const [autoRenew, setAutoRenew] = useState(false);
  const canRenew = settings.data?.provider === 'yookassa';

  const back = () => {
    // 'Назад' is a step back in history; opened directly, there is no step, so go to the plans.
    if (window.history.length > 1 && location.key !== 'default') navigate(-1);
    else navigate(paths.subscription.getHref());
  };

  const data = plan.data;
  const free = data ? isFreePlan(data) : false;
  const sum = data ? (period === 'month' ? data.price_month : data.price_year) : '0.00';
  // After a successful answer the browser is leaving for the payment page; keep the button busy.
  const paying = checkout.isPending || checkout.isSuccess;

  const pay = () => {
    if (!data || !profile.data) return;
    checkout.mutate({
      planId: data.id,
      period,
      method,
      userId: profile.data.id,
      autoRenew: canRenew && autoRenew,
    });
  };

  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: t('Главная'), href: paths.home.getHref() },
          { label: t('Подписка'), href: paths.subscription.getHref() },
          { label: t('Оформление') },
        ]}
        title={data ? t('Тариф {plan}', { plan: quoted(data.name) }) : t('Оформление тарифа')}
      />
      {plan.isPending && Number.isInteger(planId) && planId > 0 && <Skeleton height={360} />}
      {plan.isError && <LoadError title={t(PLAN_LOAD_FAILED)} query={plan} />}
      {!(Number.isInteger(planId) && planId > 0) && (
        <Alert color="red" variant="light" title={t(PLAN_LOAD_FAILED)}>
          <Button mt="sm" variant="default" size="xs" onClick={() => navigate(paths.subscription.getHref())}>
            {t('К тарифам')}
          </Button>
        </Alert>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <SectionCard title={data.name} gap="md">
            <Stack gap={4}>
              <Text size="sm">
                {richText(t, 'Максимум организаций: {count}', { count: <b>{data.max_organizations}</b> })}
              </Text>
              <Text size="sm">
                {richText(t, 'Максимум участников в организации: {count}', {
                  count: <b>{data.max_members}</b>,
                })}
              </Text>
              {data.sso && <Text size="sm">{t('Единый вход (SSO) и SCIM')}</Text>}
            </Stack>
            {data.description && (
              <Text size="sm" c="dimmed">
                {data.description}
              </Text>
            )}
            {free ? (
              <Alert color="gray" variant="light">
                {t('Этот тариф бесплатный, оплачивать его не нужно.')}
              </Alert>
            ) : (
              <Radio.Group
                label={t('Период')}
                value={period}
                onChange={(value) => setPeriod(value as PaymentPeriod)}
                name="period"
              >
                <Stack gap="sm" mt="xs">
                  <PeriodOption plan={data} period="month" checked={period === 'month'} />
                  <PeriodOption plan={data} period="year" checked={period === 'year'} />
                </Stack>
              </Radio.Group>
            )}
          </SectionCard>

          <SectionCard title={t('Оплата')} gap="md" aside={settings.data?.test_mode && <TestModeBadge />}>
            <Radio.Group
              label={t('Способ оплаты')}
              value={method}
              onChange={(value) => setMethod(value as PaymentMethod)}
              name="method"
            >
              <Stack gap="sm" mt="xs">
                {METHODS.map(({ value, label, hint, icon: Icon }) => (
                  <Radio.Card
                    key={value}
                    value={value}
                    checked={method === value}
                    radius="md"
                    p="md"
                    className={classes.option}
                  >
                    <Group gap="md" wrap="nowrap">
                      <Radio.Indicator />
                      <Stack gap={0} style={{ flex: 1 }}>
                        <Text fw={600}>{t(label)}</Text>
                        <Text size="sm" c="dimmed">
                          {t(hint)}
                        </Text>
                      </Stack>
                      <Icon size={24} stroke={1.6} aria-hidden />
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
            {settings.data?.test_mode && (
              <Text size="sm" c="dimmed">
                {t('Тестовый режим: вы попадёте на тестовую страницу оплаты, деньги не списываются.')}
              </Text>
            )}
            {canRenew && !free && (
              <Checkbox
                checked={autoRenew}
                onChange={(event) => setAutoRenew(event.currentTarget.checked)}
                label={t('Продлевать автоматически')}
                description={autoRenewText(sum, period, settings.data?.auto_renew_days_before ?? 1)}
              />
            )}
            <CheckoutPreviewNote planId={data.id} period={period} enabled={!free} />
            <Group justify="space-between" align="baseline">
              <Text>{t('К оплате')}</Text>
              <Text fw={700} fz="xl" data-testid="checkout-sum">
                {free ? '—' : formatMoney(sum)}
              </Text>
            </Group>
            <Group justify="space-between" gap="sm">
              <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={back}>
                {t('Назад')}
              </Button>
              <SubmitButton
                type="button"
                onClick={pay}
                loading={paying}
                blockedReason={
                  free
                    ? t('Этот тариф бесплатный, оплачивать его не нужно')
                    : profile.data
                      ? null
                      : t('Загружаем данные вашего аккаунта')
                }
              >
                {t('Оплатить')}
              </SubmitButton>
            </Group>
          </SectionCard>
        </SimpleGrid>
      )}
    </>
  );
}

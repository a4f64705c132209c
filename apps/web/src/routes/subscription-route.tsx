import type { Payment, PaymentPeriod, Plan, Profile } from '@cabinet/contracts';
import type { Translate } from '@cabinet/contracts/i18n';
import {
  Box,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListTable } from '@/components/list-frame/list-table';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { TestModeBadge } from '@/components/test-payment-badge';
import { paths } from '@/config/paths';
import { usePaymentSettings } from '@/features/payments/api/get-payment-settings';
import { usePayments } from '@/features/payments/api/get-payments';
import { PaymentHistory } from '@/features/payments/components/payment-history';
import { SavedPaymentMethod } from '@/features/payments/components/saved-payment-method';
import { PLANS_LOAD_FAILED, usePlans } from '@/features/plans/api/get-plans';
import { PaymentResult, planEndLabel } from '@/features/plans/components/payment-result';
import { PlanCard } from '@/features/plans/components/plan-card';
import { isFreePlan, upgradeFor } from '@/features/plans/lib/plan-pricing';
import { type PlanText, planTexts } from '@/features/plans/texts';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { formatDate } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { paymentKeys } from '@/lib/query-keys/payments';
import { profileKeys } from '@/lib/query-keys/profile';

const PAYMENT_RESULT_PARAM = 'payment';

/**
 * The period the current plan was last paid for: the newest paid order of that plan in the history (its
 * first page, which the history below shows too). Null for a plan never paid for here.
 */
function usePaidOrder(profile: Profile | undefined): Payment | undefined {
  const payments = usePayments(1, undefined, profile !== undefined && !isFreePlan(profile.subscribe));
  return payments.data?.items.find(
    (payment) => payment.status === 'paid' && payment.plan.id === profile?.subscribe_id,
  );
}

/** 'до 06.12.2027, оплачен год' under 'Ваш тариф' (issue 34, rule 9). */
function termOf(t: Translate<PlanText>, profile: Profile, period: PaymentPeriod | null): string | undefined {
  if (!profile.subscribe_expires_at) return undefined;
  const date = formatDate(profile.subscribe_expires_at);
  if (period === 'year') return t('до {date}, оплачен год', { date });
  if (period === 'month') return t('до {date}, оплачен месяц', { date });
  return t('до {date}', { date });
}

function ActivePlan({
  profile,
  paidPeriod,
  onChoose,
}: {
  profile: Profile;
  paidPeriod: PaymentPeriod | null;
  onChoose: (planId: number, period?: PaymentPeriod) => void;
}) {
  const t = useText(planTexts);
  const plan = profile.subscribe;
  const upgrade = upgradeFor(profile.subscribe_id);
  const action = upgrade ? (
    <Button size="xs" onClick={() => onChoose(upgrade.targetId)}>
      {upgrade.label}
    </Button>
  ) : (
    <Button size="xs" variant="light" onClick={() => onChoose(profile.subscribe_id, paidPeriod ?? undefined)}>
      {paidPeriod === 'year'
        ? t('Продлить на год')
        : paidPeriod === 'month'
          ? t('Продлить на месяц')
          : t('Продлить')}
    </Button>
  );
  return (
    <SectionCard title={t('Активный тариф')} gap="sm" compact>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs" hiddenFrom="xs" component="dl" m={0}>
        {[
          [t('Тариф'), plan.name],
          [t('Организации'), String(plan.max_organizations)],
          [t('Участники'), String(plan.max_members)],
          [t('Срок окончания'), planEndLabel(profile)],
        ].map(([term, value]) => (
          <Stack key={term} gap={0}>
            <Text component="dt" size="xs" c="dimmed">
              {term}
            </Text>
            <Text component="dd" m={0} fw={600}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Box hiddenFrom="xs">{action}</Box>
      <ListTable
        columns={[t('Тариф'), t('Организации'), t('Участники'), t('Срок окончания')]}
        actions
        scrollMinWidth={560}
        horizontalSpacing={undefined}
      >
        <Table.Tr>
          <Table.Td>
            <Text fw={600}>{plan.name}</Text>
          </Table.Td>
          <Table.Td>{plan.max_organizations}</Table.Td>
          <Table.Td>{plan.max_members}</Table.Td>
          <Table.Td data-testid="plan-end">{planEndLabel(profile)}</Table.Td>
          <Table.Td>{action}</Table.Td>
        </Table.Tr>
      </ListTable>
    </SectionCard>
  );
}

function PlanCatalog({
  currentPlanId,
  paidPeriod,
  currentTerm,
  onChoose,
}: {
  currentPlanId: number;
  /** The switch opens on the period the current plan was paid for (issue 34, rule 9). */
  paidPeriod: PaymentPeriod | null;
  currentTerm?: string;
  onChoose: (plan: Plan, period: PaymentPeriod) => void;
}) {
  const t = useText(planTexts);
  const plans = usePlans();
  const [chosen, setPeriod] = useState<PaymentPeriod | null>(null);
  const period = chosen ?? paidPeriod ?? 'month';
  return (
    <Stack gap="md" component="section" aria-labelledby="plans-title">
      <Group justify="space-between" gap="sm">
        <Title id="plans-title" order={2} size="h4">
          {t('Тарифы')}
        </Title>
        <SegmentedControl
          aria-label={t('Период оплаты')}
          value={period}
          onChange={(value) => setPeriod(value as PaymentPeriod)}
          data={[
            { value: 'month', label: t('Месяц') },
            { value: 'year', label: t('Год') },
          ]}
        />
      </Group>
      {plans.isPending && (
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Skeleton height={280} />
          <Skeleton height={280} />
          <Skeleton height={280} />
        </SimpleGrid>
      )}
      {plans.isError && <LoadError title={t(PLANS_LOAD_FAILED)} query={plans} />}
      {plans.data && (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: Math.min(plans.data.length, 3) }} spacing="lg">
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              current={plan.id === currentPlanId}
              currentTerm={currentTerm}
              onChoose={(chosen) => onChoose(chosen, period)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Subscription management (spec section 2): the active plan, the price list and payment history. */
export function SubscriptionRoute() {
  const t = useText(planTexts);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const result = params.get(PAYMENT_RESULT_PARAM);
  // The active plan comes with the profile; on this screen its failure reads as spec section 8 says.
  const profile = useQuery({
    ...profileQueryOptions(),
    meta: { errorToast: t('Не удалось получить активный тариф') },
  });
  const settings = usePaymentSettings();
  const paidOrder = usePaidOrder(profile.data);
  const paidPeriod = paidOrder?.period ?? null;

  // Back from the payment page: the plan and its end date have changed on the server.
  useEffect(() => {
    if (result === 'success') {
      void queryClient.invalidateQueries({ queryKey: profileKeys.me });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.history });
    }
  }, [result, queryClient]);

  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAYMENT_RESULT_PARAM);
        return next;
      },
      { replace: true },
    );

  const choose = (planId: number, period?: PaymentPeriod) =>
    navigate(paths.subscriptionCheckout.getHref(planId), { state: period ? { period } : undefined });

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: t('Главная'), href: paths.home.getHref() }, { label: t('Подписка') }]}
        title={t('Подписка')}
        actions={settings.data?.test_mode ? <TestModeBadge size="lg" /> : undefined}
      />
      <Stack gap="xl">
        {settings.data?.test_mode && (
          <Text size="sm" c="dimmed">
            {t(
              'Платежи работают в тестовом режиме: оплата проходит на тестовой странице, деньги не списываются.',
            )}
          </Text>
        )}
        {result && (
          <PaymentResult
            result={result}
            profile={profile.isFetching ? undefined : profile.data}
            order={paidOrder}
            onDismiss={dismiss}
          />
        )}
        {profile.data ? (
          <ActivePlan profile={profile.data} paidPeriod={paidPeriod} onChoose={choose} />
        ) : (
          <Skeleton height={140} />
        )}
        <SavedPaymentMethod />
        <PlanCatalog
          currentPlanId={profile.data?.subscribe_id ?? 0}
          paidPeriod={paidPeriod}
          currentTerm={profile.data ? termOf(t, profile.data, paidPeriod) : undefined}
          onChoose={(plan, period) => choose(plan.id, period)}
        />
        <PaymentHistory />
      </Stack>
    </>
  );
}

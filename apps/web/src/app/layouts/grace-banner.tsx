import type { PaymentPeriod } from '@cabinet/contracts';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { usePayments } from '@/features/payments/api/get-payments';
import { graceBannerText } from '@/features/plans/lib/grace-text';
import { useProfile } from '@/features/profile/api/get-profile';
import { useText } from '@/lib/i18n/catalogue';
import { appTexts } from '../texts';

/**
 * The period the plan was last paid for (the newest paid order of that plan on the history's first page):
 * the renewal link offers the same one. A plan an admin granted has no order: a month.
 */
function useLastPeriod(planId: number, enabled: boolean): PaymentPeriod {
  const history = usePayments(1, undefined, enabled);
  return history.data?.items.find((payment) => payment.plan.id === planId)?.period ?? 'month';
}

/**
 * Issue 15, on every page of the cabinet while profile/me has `subscribe_grace_until`: the paid plan has
 * ended, its limits hold until that date, and the link renews the same plan for the same period
 * (decision 0156). Hidden when printed.
 */
export function GraceBanner() {
  const t = useText(appTexts);
  const { data: profile } = useProfile();
  const graceUntil = profile?.subscribe_grace_until ?? null;
  const period = useLastPeriod(profile?.subscribe_id ?? 0, graceUntil !== null);
  if (!profile || !graceUntil) return null;
  const text = graceBannerText({
    planName: profile.subscribe.name,
    expiresAt: profile.subscribe_expires_at,
    graceUntil,
  });
  return (
    <Alert
      color="orange"
      variant="light"
      mb="lg"
      role="status"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="grace-banner"
      data-print-hidden
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500} c="dark.8" style={{ flex: '1 1 320px' }}>
          {text}
        </Text>
        <Button
          component={Link}
          to={paths.subscriptionCheckout.getHref(profile.subscribe_id, period)}
          size="xs"
        >
          {t('Продлить')}
        </Button>
      </Group>
    </Alert>
  );
}

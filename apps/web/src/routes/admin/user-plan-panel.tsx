import type { Profile } from '@cabinet/contracts';
import { Group, Stack, Text } from '@mantine/core';
import { SectionCard } from '@/components/section-card';
import { adminUsersTexts } from '@/features/admin/users/texts';
import { PaymentHistory } from '@/features/payments/components/payment-history';
import { isFreePlan } from '@/features/plans/lib/plan-pricing';
import { formatPlanStatus } from '@/lib/format';
import { useText } from '@/lib/i18n';

/**
 * Admin user settings (issue 16, admin support views): the user's plan in force, its end, its limits, and
 * their payments (the payment history call with user_id, which admins may read for anyone).
 */
export function UserPlanPanel({ user }: { user: Profile }) {
  const t = useText(adminUsersTexts);
  const plan = user.subscribe;
  return (
    <Stack gap="xl">
      <SectionCard title={t('Тариф')} gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} data-testid="admin-user-plan">
            {formatPlanStatus(plan.name, user.subscribe_expires_at)}
          </Text>
          {!isFreePlan(plan) && !user.subscribe_expires_at && (
            <Text size="sm" c="dimmed">
              {t('(бессрочно)')}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('Лимиты тарифа: организаций — {organizations}, участников в каждой — {members}', {
            organizations: plan.max_organizations,
            members: plan.max_members,
          })}
        </Text>
      </SectionCard>
      <PaymentHistory userId={user.id} />
    </Stack>
  );
}

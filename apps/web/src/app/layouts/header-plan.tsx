import { Button } from '@mantine/core';
import { IconCrown, IconRosette } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { isFreePlan } from '@/features/plans/lib/plan-pricing';
import { useProfile } from '@/features/profile/api/get-profile';
import { formatPlanStatus } from '@/lib/format';

/**
 * The header's plan corner (spec section 2: 'Купить подписку' to /subscription). A paying user sees the
 * plan in force and its end instead (issue 16), a link to the same screen.
 */
export function HeaderPlan({ fullWidth = false }: { fullWidth?: boolean }) {
  const { data: profile } = useProfile();
  if (profile && !isFreePlan(profile.subscribe)) {
    return (
      <Button
        component={Link}
        to={paths.subscription.getHref()}
        variant="light"
        radius="xl"
        fullWidth={fullWidth}
        leftSection={<IconRosette size={18} stroke={1.8} aria-hidden />}
        data-testid="header-plan"
      >
        {formatPlanStatus(profile.subscribe.name, profile.subscribe_expires_at)}
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to={paths.subscription.getHref()}
      color="yellow.5"
      radius="xl"
      fullWidth={fullWidth}
      leftSection={<IconCrown size={18} stroke={1.8} aria-hidden />}
    >
      Купить подписку
    </Button>
  );
}

import { Button } from '@mantine/core';
import { IconCrown, IconRosette } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { isFreePlan } from '@/features/plans/lib/plan-pricing';
import { useProfile } from '@/features/profile/api/get-profile';
import { formatPlanStatus } from '@/lib/format';
import { useText } from '@/lib/i18n/catalogue';
import { appTexts } from '../texts';

/**
 * The header's plan corner (spec section 2: 'Купить подписку' to /subscription). A paying user sees the
 * plan in force and its end instead, 'Тариф «Про» до 24.12.2026' (issue 16), a link to the same screen.
 */
export function HeaderPlan({ fullWidth = false }: { fullWidth?: boolean }) {
  const t = useText(appTexts);
  const { data: profile } = useProfile();
  const paying = profile !== undefined && !isFreePlan(profile.subscribe);
  const Icon = paying ? IconRosette : IconCrown;
  return (
    <Button
      component={Link}
      to={paths.subscription.getHref()}
      radius="xl"
      fullWidth={fullWidth}
      leftSection={<Icon size={18} stroke={1.8} aria-hidden />}
      {...(paying ? { variant: 'light', 'data-testid': 'header-plan' } : { color: 'yellow.5' })}
    >
      {paying ? formatPlanStatus(profile.subscribe.name, profile.subscribe_expires_at) : t('Купить подписку')}
    </Button>
  );
}

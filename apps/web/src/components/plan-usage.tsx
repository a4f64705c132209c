import { Anchor, Group, Text } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatUsage, type OfForms } from '@/lib/format';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

/** The link from a limit to the plans (issue 16). */
export const UPGRADE_PLAN = 'Улучшить тариф';

/** The limit is reached or one step away: the upgrade link shows before a 409 does. */
export const isNearLimit = (used: number, limit: number) => used >= limit - 1;

type PlanUsageProps = {
  used: number;
  limit: number;
  forms: OfForms;
  /** Show 'Улучшить тариф' (the caller's own limit, near it). */
  upgrade: boolean;
  /** Words before the count ('Тариф «Базовый»:'). */
  prefix?: string;
  size?: 'xs' | 'sm';
};

/** '4 из 5 участников' and, near the limit, 'Улучшить тариф' to /subscription. */
export function PlanUsage({ used, limit, forms, upgrade, prefix, size = 'sm' }: PlanUsageProps) {
  const t = useText(componentTexts);
  return (
    <Group gap={8} wrap="wrap" data-testid="plan-usage">
      <Text size={size} c={used >= limit ? 'dark.6' : 'dimmed'} fw={used >= limit ? 600 : undefined}>
        {prefix ? `${prefix} ` : ''}
        {formatUsage(used, limit, forms)}
      </Text>
      {upgrade && (
        <Anchor component={Link} to={paths.subscription.getHref()} size={size} fw={600}>
          <Group gap={2} wrap="nowrap" component="span">
            {t(UPGRADE_PLAN)}
            <IconArrowUpRight size={14} aria-hidden />
          </Group>
        </Anchor>
      )}
    </Group>
  );
}

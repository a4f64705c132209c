import type { PaymentPeriod, Plan } from '@cabinet/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { useText } from '@/lib/i18n';
import { planPriceView } from '../lib/plan-pricing';
import { planTexts } from '../texts';

type PlanPriceProps = { plan: Plan; period: PaymentPeriod; size?: 'md' | 'lg' };

/** The price of a plan for a period by the rules of spec section 9. */
export function PlanPrice({ plan, period, size = 'lg' }: PlanPriceProps) {
  const t = useText(planTexts);
  const view = planPriceView(plan, period);
  const fz = size === 'lg' ? 28 : 20;
  if (view.kind === 'free') {
    return (
      <Text fz={fz} fw={700} lh={1.2}>
        {view.label}
      </Text>
    );
  }
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      {view.kind === 'year' && view.fullLabel && (
        <Text
          component="s"
          c="dimmed"
          fz={size === 'lg' ? 'md' : 'sm'}
          aria-label={t('Без скидки {price}', { price: view.fullLabel })}
        >
          {view.fullLabel}
        </Text>
      )}
      <Text fz={fz} fw={700} lh={1.2}>
        {view.label}
        <Text span c="dimmed" fz="sm" fw={500}>
          {view.suffix}
        </Text>
      </Text>
      {view.kind === 'year' && view.savingPercent > 0 && (
        <Badge color="green" variant="light" radius="sm" tt="none">
          −{view.savingPercent}%
        </Badge>
      )}
    </Group>
  );
}

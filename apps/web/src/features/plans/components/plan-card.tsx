import type { PaymentPeriod, Plan } from '@cabinet/contracts';
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useText } from '@/lib/i18n';
import { isFreePlan, membersLabel, organizationsLabel } from '../lib/plan-pricing';
import { planTexts } from '../texts';
import { PlanPrice } from './plan-price';

type PlanCardProps = {
  plan: Plan;
  period: PaymentPeriod;
  /** The user's plan now. */
  current: boolean;
  /** Under 'Ваш тариф': until when and for what it was paid ('до 06.12.2027, оплачен год'; issue 34). */
  currentTerm?: string;
  onChoose: (plan: Plan) => void;
};

/** One plan of the price list (spec section 9): price, limits, description and 'Выбрать'. */
export function PlanCard({ plan, period, current, currentTerm, onChoose }: PlanCardProps) {
  const t = useText(planTexts);
  const free = isFreePlan(plan);
  const renew = period === 'year' ? t('Продлить на год') : t('Продлить на месяц');
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      h="100%"
      component="article"
      aria-labelledby={`plan-${plan.id}-title`}
      style={current ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center" gap="xs">
          <Title id={`plan-${plan.id}-title`} order={3} size="h4">
            {plan.name}
          </Title>
          {current && (
            <Badge variant="filled" radius="sm" tt="none">
              {t('Ваш тариф')}
            </Badge>
          )}
        </Group>
        {current && currentTerm && (
          <Text size="sm" fw={500} data-testid="current-plan-term">
            {currentTerm}
          </Text>
        )}
        <PlanPrice plan={plan} period={period} />
        <List
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" color="green">
              <IconCheck size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          <List.Item>{organizationsLabel(plan)}</List.Item>
          <List.Item>{membersLabel(plan)}</List.Item>
          {plan.sso && <List.Item>{t('Единый вход (SSO) и SCIM')}</List.Item>}
        </List>
        {plan.description && (
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {plan.description}
          </Text>
        )}
        {!free && (
          <Button
            mt="auto"
            fullWidth
            variant={current ? 'light' : 'filled'}
            onClick={() => onChoose(plan)}
            aria-label={
              current
                ? t('{action}: тариф {plan}', { action: renew, plan: plan.name })
                : t('Выбрать тариф {plan}', { plan: plan.name })
            }
          >
            {current ? renew : t('Выбрать')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '@/lib/format';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

type CountCardProps = {
  /** Names the heading and the number for tests: 'admin-count-users'. */
  id: string;
  icon: ReactNode;
  /** Colour of the icon when the number asks for attention. */
  iconColor?: string;
  title: string;
  /** The count query: loading, failed (a dash) or its number; none for a card that only leads somewhere. */
  count?: { isPending: boolean; isError: boolean; value: number | undefined };
  /** A line under the number. */
  note?: ReactNode;
  href: string;
  action: string;
};

/** Counts as the cabinet's language groups them ('12 345', '12,345'). */
export const countFormat = { format: formatNumber };

/** A widget of the admin home (spec section 2): a number and the button to its list. */
export function CountCard({ id, icon, iconColor, title, count, note, href, action }: CountCardProps) {
  const t = useText(componentTexts);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color={iconColor} aria-hidden>
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {count?.isPending ? (
            <Skeleton height={40} width={80} mt={6} aria-label={t('Загрузка')} />
          ) : count ? (
            <Text fz={36} fw={700} lh={1.2} data-testid={id}>
              {count.isError ? '—' : countFormat.format(count.value ?? 0)}
            </Text>
          ) : null}
          {note}
        </div>
        <Button component={Link} to={href} variant="light" rightSection={<IconArrowRight size={16} />}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

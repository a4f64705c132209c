import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

export type Crumb = { label: string; href?: string };

type PageHeaderProps = {
  breadcrumbs: Crumb[];
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
};

/**
 * Breadcrumbs and the title of a screen; the last crumb is the current page and is not a link. When the
 * title names the current page already, the heading stands for that crumb instead of repeating it, so
 * every text of the spec appears once on the screen.
 */
export function PageHeader({ breadcrumbs, title, description, actions }: PageHeaderProps) {
  const t = useText(componentTexts);
  const last = breadcrumbs.length - 1;
  const trail = breadcrumbs[last]?.label === title ? breadcrumbs.slice(0, last) : breadcrumbs;
  return (
    <Stack gap="xs" mb="xl">
      {trail.length > 0 && (
        <Breadcrumbs separatorMargin={6} aria-label={t('Навигационная цепочка')} style={{ flexWrap: 'wrap' }}>
          {trail.map((crumb, index) =>
            crumb.href && index < last ? (
              <Anchor key={crumb.label} component={Link} to={crumb.href} size="sm">
                {crumb.label}
              </Anchor>
            ) : (
              <Text key={crumb.label} size="sm" c="dimmed" aria-current={index === last ? 'page' : undefined}>
                {crumb.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
    </Stack>
  );
}

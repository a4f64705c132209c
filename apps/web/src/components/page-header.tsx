import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type Crumb = { label: string; href?: string };

type PageHeaderProps = {
  breadcrumbs: Crumb[];
  title: ReactNode;
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
};

/** Breadcrumbs and the title of a screen; the last crumb is the current page and is not a link. */
export function PageHeader({ breadcrumbs, title, description, actions }: PageHeaderProps) {
  return (
    <Stack gap="xs" mb="xl">
      <Breadcrumbs separatorMargin={6} aria-label="Навигационная цепочка" style={{ flexWrap: 'wrap' }}>
        {breadcrumbs.map((crumb, index) =>
          crumb.href && index < breadcrumbs.length - 1 ? (
            <Anchor key={crumb.label} component={Link} to={crumb.href} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text
              key={crumb.label}
              size="sm"
              c="dimmed"
              aria-current={index === breadcrumbs.length - 1 ? 'page' : undefined}
            >
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
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

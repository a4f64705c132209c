import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type AdminCountKind, useAdminCount } from '../api/get-admin-count';

type AdminCountCardProps = {
  kind: AdminCountKind;
  icon: ReactNode;
  title: string;
  href: string;
  action: string;
};

const countFormat = new Intl.NumberFormat('ru-RU');

/**
 * One widget of the admin home: a count and the button to its list; the users card also says how many
 * accounts never confirmed their e-mail (those are purged after 7 days unless an admin made them).
 */
export function AdminCountCard({ kind, icon, title, href, action }: AdminCountCardProps) {
  const { data, isPending, isError } = useAdminCount(kind);
  const headingId = `admin-count-${kind}`;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <div>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {isPending ? (
            <Skeleton height={40} width={80} mt={6} aria-label="Загрузка" />
          ) : (
            <>
              <Text fz={36} fw={700} lh={1.2} data-testid={`admin-count-${kind}`}>
                {isError ? '—' : countFormat.format(data?.count ?? 0)}
              </Text>
              {data?.unverified !== undefined && (
                <Text size="sm" c="dimmed" data-testid={`admin-count-${kind}-unverified`}>
                  из них не подтвердили эл. почту: {countFormat.format(data.unverified)}
                </Text>
              )}
            </>
          )}
        </div>
        <Button component={Link} to={href} variant="light" rightSection={<IconArrowRight size={16} />}>
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}

import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CountCard } from '@/components/count-card';
import { useText } from '@/lib/i18n';
import { type AdminCountKind, useAdminCount } from '../api/get-admin-count';
import { adminCountsTexts } from '../texts';

type AdminCountCardProps = {
  kind: AdminCountKind;
  icon: ReactNode;
  title: string;
  href: string;
  action: string;
};

/**
 * One count of the admin home; the users card also says how many accounts never confirmed their e-mail
 * (those are purged after 7 days unless an admin made them).
 */
export function AdminCountCard({ kind, ...card }: AdminCountCardProps) {
  const t = useText(adminCountsTexts);
  const { data, isPending, isError } = useAdminCount(kind);
  return (
    <CountCard
      id={`admin-count-${kind}`}
      count={{ isPending, isError, value: data?.count }}
      note={
        data?.unverified !== undefined && (
          <Text size="sm" c="dimmed" data-testid={`admin-count-${kind}-unverified`}>
            {t('из них не подтвердили эл. почту: {count, number}', { count: data.unverified })}
          </Text>
        )
      }
      {...card}
    />
  );
}

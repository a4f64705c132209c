import { Badge, Group } from '@mantine/core';
import { useText } from '@/lib/i18n';
import { adminUsersTexts } from '../texts';

type UserStatusBadgesProps = { emailVerifiedAt: string | null; blocked: boolean };

/** Marks accounts that never confirmed their e-mail and blocked ones (product-decisions, Accounts). */
export function UserStatusBadges({ emailVerifiedAt, blocked }: UserStatusBadgesProps) {
  const t = useText(adminUsersTexts);
  if (emailVerifiedAt && !blocked) return null;
  return (
    <Group gap={4} wrap="wrap">
      {!emailVerifiedAt && (
        <Badge size="sm" variant="light" color="yellow">
          {t('Не подтверждён')}
        </Badge>
      )}
      {blocked && (
        <Badge size="sm" variant="light" color="red">
          {t('Заблокирован')}
        </Badge>
      )}
    </Group>
  );
}

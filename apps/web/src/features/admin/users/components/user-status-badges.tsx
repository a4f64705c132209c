import { Badge, Group } from '@mantine/core';

type UserStatusBadgesProps = { emailVerifiedAt: string | null; blocked: boolean };

/** Marks accounts that never confirmed their e-mail and blocked ones (product-decisions, Accounts). */
export function UserStatusBadges({ emailVerifiedAt, blocked }: UserStatusBadgesProps) {
  if (emailVerifiedAt && !blocked) return null;
  return (
    <Group gap={4} wrap="wrap">
      {!emailVerifiedAt && (
        <Badge size="sm" variant="light" color="yellow">
          Не подтверждён
        </Badge>
      )}
      {blocked && (
        <Badge size="sm" variant="light" color="red">
          Заблокирован
        </Badge>
      )}
    </Group>
  );
}

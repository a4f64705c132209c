import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLock, IconLockOpen, IconLogout } from '@tabler/icons-react';
import { displayName } from '@/lib/format';
import { useLogoutUser, useSetUserBlocked } from '../api/user-actions';

export type AccountActionTarget = { id: number; name: string; email: string; blocked: boolean };

type UserAccountActionsProps = {
  user: AccountActionTarget;
  /** The signed-in admin's own row: the server refuses both actions (409), so they are disabled here. */
  isSelf: boolean;
  /** 'icons' for a table row, 'buttons' for the settings page. */
  variant?: 'icons' | 'buttons';
};

const SELF_HINT = 'Нельзя применить к своему аккаунту';

/** 'Разлогинить' and 'Заблокировать' / 'Разблокировать', each behind a confirmation (issue 5). */
export function UserAccountActions({ user, isSelf, variant = 'icons' }: UserAccountActionsProps) {
  const logout = useLogoutUser();
  const block = useSetUserBlocked();
  const who = displayName(user);

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: 'Разлогинить пользователя?',
      children: (
        <Text size="sm">Все сеансы пользователя {who} будут завершены, ему придётся войти заново.</Text>
      ),
      labels: { confirm: 'Разлогинить', cancel: 'Отмена' },
      onConfirm: () => logout.mutate(user.id),
    });

  const confirmBlock = () =>
    modals.openConfirmModal({
      title: user.blocked ? 'Разблокировать пользователя?' : 'Заблокировать пользователя?',
      children: (
        <Text size="sm">
          {user.blocked
            ? `Пользователь ${who} снова сможет входить в систему.`
            : `Пользователь ${who} не сможет войти в систему, все его сеансы будут завершены.`}
        </Text>
      ),
      labels: { confirm: user.blocked ? 'Разблокировать' : 'Заблокировать', cancel: 'Отмена' },
      confirmProps: { color: user.blocked ? 'blue' : 'red' },
      onConfirm: () => block.mutate({ userId: user.id, blocked: !user.blocked }),
    });

  const blockLabel = user.blocked ? 'Разблокировать' : 'Заблокировать';
  const BlockIcon = user.blocked ? IconLockOpen : IconLock;

  if (variant === 'buttons') {
    return (
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconLogout size={16} />}
          onClick={confirmLogout}
          disabled={isSelf}
          loading={logout.isPending}
          title={isSelf ? SELF_HINT : undefined}
        >
          Разлогинить
        </Button>
        <Button
          variant="light"
          color={user.blocked ? 'blue' : 'red'}
          leftSection={<BlockIcon size={16} />}
          onClick={confirmBlock}
          disabled={isSelf}
          loading={block.isPending}
          title={isSelf ? SELF_HINT : undefined}
        >
          {blockLabel}
        </Button>
      </Group>
    );
  }

  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={isSelf ? SELF_HINT : 'Разлогинить'} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Разлогинить ${who}`}
          onClick={confirmLogout}
          disabled={isSelf}
          loading={logout.isPending}
        >
          <IconLogout size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={isSelf ? SELF_HINT : blockLabel} withArrow>
        <ActionIcon
          variant="subtle"
          color={user.blocked ? 'blue' : 'red'}
          size="lg"
          aria-label={`${blockLabel} ${who}`}
          onClick={confirmBlock}
          disabled={isSelf}
          loading={block.isPending}
        >
          <BlockIcon size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

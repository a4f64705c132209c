import { ActionIcon, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLock, IconLockOpen, IconLogout } from '@tabler/icons-react';
import { useId } from 'react';
import { displayName } from '@/lib/format';
import { useLogoutUser, useSetUserBlocked } from '../api/user-actions';

export type AccountActionTarget = { id: number; name: string; email: string; blocked: boolean };

type UserAccountActionsProps = {
  user: AccountActionTarget;
  /**
   * The signed-in admin's own row: the server refuses both actions (409), so they cannot act here; they
   * stay focusable and say why on hover and focus (decision 0165).
   */
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
  const reasonId = useId();
  // Not `disabled`: a disabled button can be neither hovered nor focused to learn why.
  const blocked = isSelf
    ? ({ 'data-disabled': true, 'aria-disabled': true, 'aria-describedby': reasonId } as const)
    : {};
  const unlessSelf = (action: () => void) => (isSelf ? undefined : action);
  const reason = isSelf && <VisuallyHidden id={reasonId}>{SELF_HINT}</VisuallyHidden>;
  const tooltipEvents = { hover: true, focus: true, touch: true };

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
        <Tooltip label={SELF_HINT} withArrow disabled={!isSelf} events={tooltipEvents}>
          <Button
            variant="default"
            leftSection={<IconLogout size={16} />}
            onClick={unlessSelf(confirmLogout)}
            loading={logout.isPending}
            {...blocked}
          >
            Разлогинить
          </Button>
        </Tooltip>
        <Tooltip label={SELF_HINT} withArrow disabled={!isSelf} events={tooltipEvents}>
          <Button
            variant="light"
            color={user.blocked ? 'blue' : 'red'}
            leftSection={<BlockIcon size={16} />}
            onClick={unlessSelf(confirmBlock)}
            loading={block.isPending}
            {...blocked}
          >
            {blockLabel}
          </Button>
        </Tooltip>
        {reason}
      </Group>
    );
  }

  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={isSelf ? SELF_HINT : 'Разлогинить'} withArrow events={tooltipEvents}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Разлогинить ${who}`}
          onClick={unlessSelf(confirmLogout)}
          loading={logout.isPending}
          {...blocked}
        >
          <IconLogout size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={isSelf ? SELF_HINT : blockLabel} withArrow events={tooltipEvents}>
        <ActionIcon
          variant="subtle"
          color={user.blocked ? 'blue' : 'red'}
          size="lg"
          aria-label={`${blockLabel} ${who}`}
          onClick={unlessSelf(confirmBlock)}
          loading={block.isPending}
          {...blocked}
        >
          <BlockIcon size={18} />
        </ActionIcon>
      </Tooltip>
      {reason}
    </Group>
  );
}

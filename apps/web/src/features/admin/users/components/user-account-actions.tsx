import { ActionIcon, Button, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLock, IconLockOpen, IconLogout } from '@tabler/icons-react';
import { useId } from 'react';
import { displayName } from '@/lib/format';
import { useText } from '@/lib/i18n';
import { useLogoutUser, useSetUserBlocked } from '../api/user-actions';
import { adminUsersTexts } from '../texts';

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

/** 'Разлогинить' and 'Заблокировать' / 'Разблокировать', each behind a confirmation (issue 5). */
export function UserAccountActions({ user, isSelf, variant = 'icons' }: UserAccountActionsProps) {
  const t = useText(adminUsersTexts);
  const selfHint = t('Нельзя применить к своему аккаунту');
  const logout = useLogoutUser();
  const block = useSetUserBlocked();
  const who = displayName(user);
  const reasonId = useId();
  // Not `disabled`: a disabled button can be neither hovered nor focused to learn why.
  const blocked = isSelf
    ? ({ 'data-disabled': true, 'aria-disabled': true, 'aria-describedby': reasonId } as const)
    : {};
  const unlessSelf = (action: () => void) => (isSelf ? undefined : action);
  const reason = isSelf && <VisuallyHidden id={reasonId}>{selfHint}</VisuallyHidden>;
  const tooltipEvents = { hover: true, focus: true, touch: true };

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: t('Разлогинить пользователя?'),
      children: (
        <Text size="sm">
          {t('Все сеансы пользователя {name} будут завершены, ему придётся войти заново.', { name: who })}
        </Text>
      ),
      labels: { confirm: t('Разлогинить'), cancel: t('Отмена') },
      onConfirm: () => logout.mutate(user.id),
    });

  const confirmBlock = () =>
    modals.openConfirmModal({
      title: user.blocked ? t('Разблокировать пользователя?') : t('Заблокировать пользователя?'),
      children: (
        <Text size="sm">
          {user.blocked
            ? t('Пользователь {name} снова сможет входить в систему.', { name: who })
            : t('Пользователь {name} не сможет войти в систему, все его сеансы будут завершены.', {
                name: who,
              })}
        </Text>
      ),
      labels: { confirm: user.blocked ? t('Разблокировать') : t('Заблокировать'), cancel: t('Отмена') },
      confirmProps: { color: user.blocked ? 'blue' : 'red' },
      onConfirm: () => block.mutate({ userId: user.id, blocked: !user.blocked }),
    });

  const blockLabel = user.blocked ? t('Разблокировать') : t('Заблокировать');
  const BlockIcon = user.blocked ? IconLockOpen : IconLock;

  if (variant === 'buttons') {
    return (
      <Group gap="sm">
        <Tooltip label={selfHint} withArrow disabled={!isSelf} events={tooltipEvents}>
          <Button
            variant="default"
            leftSection={<IconLogout size={16} />}
            onClick={unlessSelf(confirmLogout)}
            loading={logout.isPending}
            {...blocked}
          >
            {t('Разлогинить')}
          </Button>
        </Tooltip>
        <Tooltip label={selfHint} withArrow disabled={!isSelf} events={tooltipEvents}>
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
      <Tooltip label={isSelf ? selfHint : t('Разлогинить')} withArrow events={tooltipEvents}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('Разлогинить {name}', { name: who })}
          onClick={unlessSelf(confirmLogout)}
          loading={logout.isPending}
          {...blocked}
        >
          <IconLogout size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={isSelf ? selfHint : blockLabel} withArrow events={tooltipEvents}>
        <ActionIcon
          variant="subtle"
          color={user.blocked ? 'blue' : 'red'}
          size="lg"
          aria-label={
            user.blocked
              ? t('Разблокировать {name}', { name: who })
              : t('Заблокировать {name}', { name: who })
          }
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

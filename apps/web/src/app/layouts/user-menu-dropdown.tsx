import { Menu, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useSignOut } from '@/features/auth/api/logout';
import { useText } from '@/lib/i18n/catalogue';
import { appTexts } from '../texts';
import classes from './user-menu.module.css';
import { type UserMenuLook, UserMenuTrigger } from './user-menu-trigger';

export type UserMenuDropdownProps = UserMenuLook & {
  Items: ComponentType;
  /** The button it replaces had the focus. */
  focused: boolean;
  /** The button was clicked while the menu loaded: open now, as that click would have. */
  openAtOnce: boolean;
};

/** The profile menu itself, loaded by ./user-menu.tsx on first use. */
export function UserMenuDropdown({ Items, focused, openAtOnce, ...look }: UserMenuDropdownProps) {
  const t = useText(appTexts);
  const { signOut } = useSignOut();
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);

  // This button replaced the one that was focused or clicked: it takes the focus over (before the menu
  // opens, so that closing the menu returns the focus to it, as after any other click).
  useEffect(() => {
    if (focused || openAtOnce) target.current?.focus();
    if (openAtOnce) setOpened(true);
  }, []);

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <UserMenuTrigger {...look} ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.identity}>
          {look.name && (
            <Text size="sm" fw={600} truncate="end">
              {look.name}
            </Text>
          )}
          <Text size="xs" c="dimmed" truncate="end">
            {look.email}
          </Text>
        </div>
        <Menu.Divider />
        <Items />
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          {t('Выйти')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

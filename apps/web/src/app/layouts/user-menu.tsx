import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NameAvatar } from '@/components/name-avatar';
import { useSignOut } from '@/features/auth/api/logout';
import classes from './user-menu.module.css';

type UserMenuProps = {
  name: string;
  email: string;
  avatarUrl: string | null;
  /** 'inverse' sits on the blue admin header. */
  variant?: 'default' | 'inverse';
  /** What the trigger shows next to the avatar: the name (default header) or the e-mail (admin). */
  caption: string;
  /** Keep the caption on phones too (the admin header has room: no search, no buy button). */
  captionOnPhones?: boolean;
  /** The screens' own items; 'Выйти' follows them. */
  children: ReactNode;
};

/** Avatar button with a dropdown of account actions and 'Выйти', shared by the default and admin headers. */
export function UserMenu({
  name,
  email,
  avatarUrl,
  variant = 'default',
  caption,
  captionOnPhones = false,
  children,
}: UserMenuProps) {
  const inverse = variant === 'inverse';
  const { signOut } = useSignOut();
  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.trigger} data-inverse={inverse || undefined}>
          <Group gap={10} wrap="nowrap">
            {/* The initials are a picture of the name, not words to read out or to say. */}
            <NameAvatar src={avatarUrl} name={name || email} size={36} />
            {caption && (
              <Text
                size="sm"
                fw={600}
                className={classes.caption}
                visibleFrom={captionOnPhones ? undefined : 'xs'}
              >
                {caption}
              </Text>
            )}
            {/* The name comes from the content, so it holds the visible caption (WCAG 2.5.3, label in name). */}
            <VisuallyHidden>Меню профиля</VisuallyHidden>
            <IconChevronDown size={16} stroke={1.8} aria-hidden className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.identity}>
          {name && (
            <Text size="sm" fw={600} truncate="end">
              {name}
            </Text>
          )}
          <Text size="xs" c="dimmed" truncate="end">
            {email}
          </Text>
        </div>
        <Menu.Divider />
        {children}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut}>
          Выйти
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

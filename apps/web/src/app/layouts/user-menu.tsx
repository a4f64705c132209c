import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ComponentProps, type ComponentType, useRef, useState } from 'react';
import { EmailText } from '@/components/email-text';
import { NameAvatar } from '@/components/name-avatar';
import classes from './user-menu.module.css';
import type { UserMenuDropdownProps } from './user-menu-dropdown';

export type UserMenuLook = {
  name: string;
  email: string;
  avatarUrl: string | null;
  /** 'inverse' sits on the blue admin header. */
  variant?: 'default' | 'inverse';
  /** What the trigger shows next to the avatar: the name (default header) or the e-mail (admin). */
  caption: string;
  /** The caption is an e-mail: it wraps at '@' and dots rather than being cut (issue 34). */
  captionIsEmail?: boolean;
  /** Keep the caption on phones too (the admin header has room: no search, no buy button). */
  captionOnPhones?: boolean;
};

type UserMenuProps = UserMenuLook & {
  /** The screens' own items (Menu.Item), loaded with the menu; 'Выйти' follows them. */
  items: () => Promise<ComponentType>;
};

/** The avatar button, the same before the menu is loaded and as the menu's target afterwards. */
export function UserMenuTrigger({
  name,
  email,
  avatarUrl,
  variant = 'default',
  caption,
  captionOnPhones = false,
  captionIsEmail = false,
  ...button
}: UserMenuLook & Omit<ComponentProps<typeof UnstyledButton<'button'>>, 'name' | 'variant'>) {
  return (
    <UnstyledButton className={classes.trigger} data-inverse={variant === 'inverse' || undefined} {...button}>
      <Group gap={10} wrap="nowrap">
        {/* The initials are a picture of the name, not words to read out or to say. */}
        <NameAvatar src={avatarUrl} name={name || email} size={36} />
        {caption && captionIsEmail && (
          <EmailText
            size="sm"
            fw={600}
            lh={1.2}
            className={classes.emailCaption}
            visibleFrom={captionOnPhones ? undefined : 'xs'}
            email={caption}
          />
        )}
        {caption && !captionIsEmail && (
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
  );
}

type Loaded = {
  Dropdown: ComponentType<UserMenuDropdownProps>;
  Items: ComponentType;
  /** The button had the focus when the menu arrived: the menu's button takes it over. */
  focused: boolean;
};

/**
 * Avatar button with a dropdown of account actions and 'Выйти', shared by the default and admin headers.
 * The menu (Mantine's Menu with floating-ui, ~15 kB compressed) and its items load on the first hover,
 * focus or click of the button, not with the screen (decision 0175). Until then the button is the same
 * button, announced as opening a menu; a click that comes before the menu has loaded opens it once it has.
 */
export function UserMenu({ items, ...look }: UserMenuProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [openAtOnce, setOpenAtOnce] = useState(false);
  const [loading, setLoading] = useState<Promise<void> | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const load = () => {
    if (loading) return loading;
    const started = Promise.all([import('./user-menu-dropdown'), items()]).then(([module, Items]) =>
      setLoaded({
        Dropdown: module.UserMenuDropdown,
        Items,
        focused: document.activeElement === button.current,
      }),
    );
    // A failed load (the network dropped) is tried again on the next hover or click.
    started.catch(() => setLoading(null));
    setLoading(started);
    return started;
  };

  const openNow = () => {
    setOpenAtOnce(true);
    void load();
  };

  if (loaded)
    return (
      <loaded.Dropdown {...look} Items={loaded.Items} focused={loaded.focused} openAtOnce={openAtOnce} />
    );
  return (
    <UserMenuTrigger
      {...look}
      ref={button}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      // The press, not only the click: a menu that arrives between the press and the release replaces this
      // button under the pointer, and the browser then fires no click at all (seen in e2e); it opens at once.
      onPointerDown={(event) => {
        if (event.button === 0) openNow();
      }}
      onClick={openNow}
    />
  );
}

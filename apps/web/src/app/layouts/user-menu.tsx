import { type ComponentType, useRef, useState } from 'react';
import type { UserMenuDropdownProps } from './user-menu-dropdown';
import { type UserMenuLook, UserMenuTrigger } from './user-menu-trigger';

type UserMenuProps = UserMenuLook & {
  /** The screens' own items (Menu.Item), loaded with the menu; 'Выйти' follows them. */
  items: () => Promise<ComponentType>;
};

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

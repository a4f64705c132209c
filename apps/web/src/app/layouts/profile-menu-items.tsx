import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import { useProfile } from '@/features/profile/api/get-profile';
import { useText } from '@/lib/i18n/catalogue';
import { appTexts } from '../texts';
import { menuDestinationsFor } from './destinations';

/**
 * The default header's own items of the profile menu, loaded with the menu (./user-menu.tsx): the same
 * list the phone's ☰ drawer shows (./destinations.ts), less what the header itself links to.
 */
export function ProfileMenuItems() {
  const t = useText(appTexts);
  const { data: profile } = useProfile();
  return menuDestinationsFor(profile?.is_admin ?? false).map(({ menuLabel, to, Icon }) => (
    <Menu.Item key={menuLabel} component={Link} to={to} leftSection={<Icon size={16} />}>
      {t(menuLabel)}
    </Menu.Item>
  ));
}

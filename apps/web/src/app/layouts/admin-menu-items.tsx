import { Menu } from '@mantine/core';
import { IconHome, IconLock, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useText } from '@/lib/i18n/catalogue';
import { appTexts } from '../texts';

/** The admin header's own items of the profile menu, loaded with the menu (./user-menu.tsx). */
export function AdminMenuItems() {
  const t = useText(appTexts);
  return (
    <>
      <Menu.Item
        component={Link}
        to={paths.admin.profileSettings.getHref()}
        leftSection={<IconSettings size={16} />}
      >
        {t('Настройки профиля')}
      </Menu.Item>
      <Menu.Item component={Link} to={paths.admin.security.getHref()} leftSection={<IconLock size={16} />}>
        {t('Безопасность')}
      </Menu.Item>
      {/* Admins are users too: a way back to their own cabinet (issue 5 review). */}
      <Menu.Item component={Link} to={paths.home.getHref()} leftSection={<IconHome size={16} />}>
        {t('Личный кабинет')}
      </Menu.Item>
    </>
  );
}

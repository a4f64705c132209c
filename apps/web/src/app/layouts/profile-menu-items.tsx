import { Menu } from '@mantine/core';
import {
  IconKey,
  IconLock,
  IconSettings,
  IconShieldLock,
  IconUsersGroup,
  IconUsersPlus,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/profile/api/get-profile';

/** The default header's own items of the profile menu, loaded with the menu (./user-menu.tsx). */
export function ProfileMenuItems() {
  const { data: profile } = useProfile();
  return (
    <>
      <Menu.Item
        component={Link}
        to={paths.organizationCreate.getHref()}
        leftSection={<IconUsersPlus size={16} />}
      >
        Создать организацию
      </Menu.Item>
      <Menu.Item component={Link} to={paths.home.getHref()} leftSection={<IconUsersGroup size={16} />}>
        Управление организациями
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={paths.profileSettings.getHref()}
        leftSection={<IconSettings size={16} />}
      >
        Настройки профиля
      </Menu.Item>
      <Menu.Item component={Link} to={paths.security.getHref()} leftSection={<IconLock size={16} />}>
        Безопасность
      </Menu.Item>
      <Menu.Item component={Link} to={paths.tokens.getHref()} leftSection={<IconKey size={16} />}>
        Токены доступа
      </Menu.Item>
      {profile?.is_admin && (
        <Menu.Item
          component={Link}
          to={paths.admin.home.getHref()}
          leftSection={<IconShieldLock size={16} />}
        >
          Администрирование
        </Menu.Item>
      )}
    </>
  );
}

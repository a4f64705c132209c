import { Divider, NavLink, Stack } from '@mantine/core';
import {
  IconCrown,
  IconHome,
  IconLock,
  IconLogout,
  IconSettings,
  IconShieldLock,
  IconUsersGroup,
  IconUsersPlus,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/logout';
import { useProfile } from '@/features/profile/api/get-profile';

type Destination = { label: string; to: string; icon: ReactNode; current: (pathname: string) => boolean };

const ORGANIZATION_PAGES = /^\/(dashboard\/organizations\/|organization\/)/;

/**
 * Every destination of the desktop header and the profile menu, for the phone's ☰ drawer (issue 34, rule
 * 2): the current one marked (aria-current="page"), 'Администрирование' for site admins, 'Выйти' last.
 * Loaded when the drawer first opens, so home's first load stays as it was.
 */
export function DrawerNav({ onChoose }: { onChoose: () => void }) {
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  const { signOut } = useSignOut();
  const destinations: Destination[] = [
    { label: 'Главная', to: paths.home.getHref(), icon: <IconHome size={18} />, current: (p) => p === '/' },
    {
      label: 'Организации',
      to: paths.home.getHref(),
      icon: <IconUsersGroup size={18} />,
      current: (p) => ORGANIZATION_PAGES.test(p) && p !== paths.organizationCreate.getHref(),
    },
    {
      label: 'Создать организацию',
      to: paths.organizationCreate.getHref(),
      icon: <IconUsersPlus size={18} />,
      current: (p) => p === paths.organizationCreate.getHref(),
    },
    {
      label: 'Подписка',
      to: paths.subscription.getHref(),
      icon: <IconCrown size={18} />,
      current: (p) => p.startsWith('/subscription') || p.startsWith('/payments/'),
    },
    {
      label: 'Профиль',
      to: paths.profileSettings.getHref(),
      icon: <IconSettings size={18} />,
      current: (p) => p === paths.profileSettings.getHref(),
    },
    {
      label: 'Безопасность',
      to: paths.security.getHref(),
      icon: <IconLock size={18} />,
      current: (p) => p === paths.security.getHref(),
    },
  ];
  if (profile?.is_admin)
    destinations.push({
      label: 'Администрирование',
      to: paths.admin.home.getHref(),
      icon: <IconShieldLock size={18} />,
      current: (p) => p.startsWith('/admin'),
    });
  return (
    <Stack component="nav" aria-label="Разделы кабинета" gap={2}>
      {destinations.map(({ label, to, icon, current }) => {
        const active = current(pathname);
        return (
          <NavLink
            key={label}
            component={Link}
            to={to}
            label={label}
            leftSection={icon}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onChoose}
            fw={500}
          />
        );
      })}
      <Divider my={6} />
      <NavLink
        component="button"
        type="button"
        label="Выйти"
        c="red.8"
        leftSection={<IconLogout size={18} />}
        onClick={() => {
          onChoose();
          signOut();
        }}
        fw={500}
      />
    </Stack>
  );
}

import { Divider, NavLink, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useSignOut } from '@/features/auth/api/logout';
import { useProfile } from '@/features/profile/api/get-profile';
import { useText } from '@/lib/i18n/catalogue';
import { appTexts } from '../texts';
import { destinationsFor } from './destinations';

/**
 * Every destination of the desktop header and the profile menu, for the phone's ☰ drawer (issue 34, rule
 * 2): the list is the one the profile menu reads (./destinations.ts), the current one marked
 * (aria-current="page"), 'Администрирование' for site admins, 'Выйти' last. Loaded when the drawer first
 * opens, so home's first load stays as it was.
 */
export function DrawerNav({ onChoose }: { onChoose: () => void }) {
  const t = useText(appTexts);
  const { pathname } = useLocation();
  const { data: profile } = useProfile();
  const { signOut } = useSignOut();
  return (
    <Stack component="nav" aria-label={t('Разделы кабинета')} gap={2}>
      {destinationsFor(profile?.is_admin ?? false).map(({ label, to, Icon, current }) => {
        const active = current(pathname);
        return (
          <NavLink
            key={label}
            component={Link}
            to={to}
            label={t(label)}
            leftSection={<Icon size={18} />}
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
        label={t('Выйти')}
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

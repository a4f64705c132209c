import {
  IconCrown,
  IconHome,
  IconKey,
  IconLock,
  IconSettings,
  IconShieldLock,
  IconUsersGroup,
  IconUsersPlus,
  type TablerIcon,
} from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { AppText } from '../texts';

export type Destination = {
  /** The words in the phone's ☰ drawer (an id of the app's catalogue: shown through t()). */
  label: AppText;
  /**
   * The words in the desktop profile menu, or null for a destination the desktop header itself shows
   * (the logo goes home, the plan button to 'Подписка').
   */
  menuLabel: AppText | null;
  to: string;
  Icon: TablerIcon;
  /** Whether the screen at this pathname belongs to the destination (the drawer marks it). */
  current: (pathname: string) => boolean;
  /** Only site admins see it. */
  adminOnly?: boolean;
};

const ORGANIZATION_PAGES = /^\/(dashboard\/organizations\/|organization\/)/;
const is = (href: string) => (pathname: string) => pathname === href;

/**
 * Every destination the signed-in header offers, ONE list (issue 34, rule 2; decision 0231): the desktop
 * profile menu (app/layouts/profile-menu-items.tsx) shows those with a menuLabel, the phone's ☰ drawer
 * (app/layouts/drawer-nav.tsx) shows them all, so a screen added here reaches both and they cannot drift.
 * The order is the spec's menu order (section 2: create, manage, profile), header destinations in between.
 */
export const DESTINATIONS: readonly Destination[] = [
  { label: 'Главная', menuLabel: null, to: paths.home.getHref(), Icon: IconHome, current: is('/') },
  {
    label: 'Создать организацию',
    menuLabel: 'Создать организацию',
    to: paths.organizationCreate.getHref(),
    Icon: IconUsersPlus,
    current: is(paths.organizationCreate.getHref()),
  },
  {
    label: 'Организации',
    menuLabel: 'Управление организациями',
    to: paths.home.getHref(),
    Icon: IconUsersGroup,
    current: (p) => ORGANIZATION_PAGES.test(p) && p !== paths.organizationCreate.getHref(),
  },
  {
    label: 'Подписка',
    menuLabel: null,
    to: paths.subscription.getHref(),
    Icon: IconCrown,
    current: (p) => p.startsWith('/subscription') || p.startsWith('/payments/'),
  },
  {
    label: 'Профиль',
    menuLabel: 'Настройки профиля',
    to: paths.profileSettings.getHref(),
    Icon: IconSettings,
    current: is(paths.profileSettings.getHref()),
  },
  {
    label: 'Безопасность',
    menuLabel: 'Безопасность',
    to: paths.security.getHref(),
    Icon: IconLock,
    current: is(paths.security.getHref()),
  },
  {
    label: 'Токены',
    menuLabel: 'Токены доступа',
    to: paths.tokens.getHref(),
    Icon: IconKey,
    current: is(paths.tokens.getHref()),
  },
  {
    label: 'Администрирование',
    menuLabel: 'Администрирование',
    to: paths.admin.home.getHref(),
    Icon: IconShieldLock,
    current: (p) => p.startsWith('/admin'),
    adminOnly: true,
  },
];

/** The destinations this person has. */
export function destinationsFor(isAdmin: boolean): Destination[] {
  return DESTINATIONS.filter((destination) => isAdmin || !destination.adminOnly);
}

/** The profile menu's part of them. */
export function menuDestinationsFor(isAdmin: boolean): (Destination & { menuLabel: AppText })[] {
  return destinationsFor(isAdmin).filter(
    (destination): destination is Destination & { menuLabel: AppText } => destination.menuLabel !== null,
  );
}

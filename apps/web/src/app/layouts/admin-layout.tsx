import { Anchor, Badge, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/profile/api/get-profile';
import { useText } from '@/lib/i18n/catalogue';
import { appTexts } from '../texts';
import classes from './admin-layout.module.css';
import { AdminNav } from './admin-nav';
import { AppFrame, AppFrameHeader } from './app-frame';
import { LayoutMain } from './layout-main';
import { UserMenu } from './user-menu';

const loadAdminMenuItems = () => import('./admin-menu-items').then((m) => m.AdminMenuItems);

/**
 * Layout of the /admin area (spec section 2, admin layout header): blue, white logo to /admin, the
 * admin's e-mail, no search and no buy button; under it the bar of the area's sections (issue 16). Who may
 * enter is checked by the route's loader.
 */
export function AdminLayout() {
  const t = useText(appTexts);
  const { data: profile } = useProfile();

  return (
    <AppFrame headerHeight={64 + 44}>
      <AppFrameHeader className={classes.header}>
        <Group
          h={64}
          className={classes.bar}
          data-inverse-area
          px={{ base: 'sm', xs: 'xl' }}
          gap="md"
          wrap="nowrap"
          justify="space-between"
        >
          <Group gap="sm" wrap="nowrap">
            <Anchor
              component={Link}
              to={paths.admin.root.getHref()}
              underline="never"
              aria-label={t('Личный кабинет — администрирование, главная')}
            >
              <Logo variant="inverse" textVisibleFrom="xs" />
            </Anchor>
            <Badge variant="white" color="blue.8" radius="sm" visibleFrom="xs">
              {t('Администрирование')}
            </Badge>
          </Group>
          <UserMenu
            variant="inverse"
            name={profile?.name ?? ''}
            email={profile?.email ?? ''}
            avatarUrl={profile?.files[0]?.url ?? null}
            // The name; the e-mail only when there is none (issue 34, rule 11), never cut mid-address.
            caption={profile?.name?.trim() || profile?.email || ''}
            captionIsEmail={!profile?.name?.trim()}
            captionOnPhones
            items={loadAdminMenuItems}
          />
        </Group>
        <AdminNav />
      </AppFrameHeader>

      <LayoutMain />
    </AppFrame>
  );
}

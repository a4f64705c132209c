import { Anchor, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/profile/api/get-profile';
import { InfoLinks } from '@/features/site/components/info-links';
import { displayName } from '@/lib/format';
import { useText } from '@/lib/i18n/catalogue';
import { useSession } from '@/lib/session';
import { appTexts } from '../texts';
import { AppFrame, AppFrameHeader } from './app-frame';
import classes from './default-layout.module.css';
import { HeaderPlan } from './header-plan';
import { HeaderSearch } from './header-search';
import { LayoutMain } from './layout-main';
import { UserMenu } from './user-menu';

const loadProfileMenuItems = () => import('./profile-menu-items').then((m) => m.ProfileMenuItems);

function ProfileMenu() {
  const { data: profile } = useProfile();
  const user = useSession((state) => state.user);
  const name = profile?.name ?? user?.name ?? '';
  const email = profile?.email ?? user?.email ?? '';

  return (
    <UserMenu
      name={name}
      email={email}
      avatarUrl={profile?.files[0]?.url ?? user?.avatarUrl ?? null}
      caption={displayName({ name, email })}
      captionIsEmail={!name.trim()}
      items={loadProfileMenuItems}
    />
  );
}

// The ☰ drawer with every destination (issue 34, rule 2): loaded when it is first asked for, so the first
// load of every screen carries neither the drawer nor its list.
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));

// Loaded only while a grace period runs (issue 15): the home's first load (issue 12's budget) stays as it was.
const GraceBanner = lazy(() => import('./grace-banner').then((m) => ({ default: m.GraceBanner })));

function GraceNotice() {
  const { data: profile } = useProfile();
  if (!profile?.subscribe_grace_until) return null;
  return (
    <Suspense fallback={null}>
      <GraceBanner />
    </Suspense>
  );
}

/** Layout of the signed-in user's screens (spec section 2, default layout header). */
export function DefaultLayout() {
  const t = useText(appTexts);
  const [drawerOpened, drawer] = useDisclosure(false);
  // Mounted from the first press of ☰ on.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const { pathname } = useLocation();

  // A link in the drawer navigates; the drawer should not stay open over the new page.
  useEffect(() => drawer.close(), [pathname]);

  return (
    <AppFrame headerHeight={64}>
      <AppFrameHeader className={classes.header}>
        <Group h="100%" px={{ base: 'sm', xs: 'xl' }} gap="md" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" className={classes.brand}>
            <Burger
              opened={drawerOpened}
              onClick={() => {
                setDrawerWanted(true);
                drawer.toggle();
              }}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? t('Закрыть меню') : t('Открыть меню')}
            />
            <Anchor
              component={Link}
              to={paths.home.getHref()}
              underline="never"
              aria-label={t('Личный кабинет — главная')}
            >
              <Logo />
            </Anchor>
          </Group>

          <Box visibleFrom="sm">
            <InfoLinks linkClassName={classes.link} />
          </Box>

          <Box visibleFrom="sm" className={classes.search}>
            <HeaderSearch />
          </Box>

          <Group gap="sm" wrap="nowrap">
            <Box visibleFrom="xs">
              <HeaderPlan />
            </Box>
            <ProfileMenu />
          </Group>
        </Group>
      </AppFrameHeader>

      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileDrawer opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}

      <LayoutMain notice={<GraceNotice />} />
    </AppFrame>
  );
}

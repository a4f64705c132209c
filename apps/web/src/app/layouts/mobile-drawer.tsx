import { Box, Divider, Drawer, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Logo } from '@/components/logo';
import { InfoLinks } from '@/features/site/components/info-links';
import classes from './default-layout.module.css';
import { DrawerNav } from './drawer-nav';
import { HeaderPlan } from './header-plan';
import { HeaderSearch } from './header-search';

/**
 * The phone's ☰ drawer (issue 34, rule 2): the search, every destination, the information links and the
 * plan. It closes on Escape and on a choice, and the focus goes back to ☰.
 */
export function MobileDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Mounted closed, then opened: Mantine notes the focused ☰ on opening, to return the focus to it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Drawer
      opened={opened && mounted}
      onClose={onClose}
      size="min(320px, 85vw)"
      hiddenFrom="sm"
      title={<Logo />}
      padding="md"
    >
      <Stack gap="md">
        <HeaderSearch />
        <DrawerNav onChoose={onClose} />
        <Divider />
        <InfoLinks vertical linkClassName={classes.drawerLink} />
        <Divider hiddenFrom="xs" />
        <Box hiddenFrom="xs">
          <HeaderPlan fullWidth />
        </Box>
      </Stack>
    </Drawer>
  );
}

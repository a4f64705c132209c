import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import classes from './layout-main.module.css';

/** The page area under a header, the same in the cabinet and the admin area. */
export function LayoutMain() {
  return (
    <AppShell.Main className={classes.main}>
      <Container size="xl" px={{ base: 'md', xs: 'xl' }} py={{ base: 'lg', xs: 32 }}>
        <Outlet />
      </Container>
    </AppShell.Main>
  );
}

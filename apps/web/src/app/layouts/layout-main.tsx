import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AppFrameMain } from './app-frame';
import classes from './layout-main.module.css';

/**
 * The page area under a header, the same in the cabinet and the admin area. `notice` stands above every
 * page of the layout (the cabinet's grace banner, issue 15).
 */
export function LayoutMain({ notice }: { notice?: ReactNode } = {}) {
  return (
    <AppFrameMain className={classes.main}>
      <Container size="xl" px={{ base: 'md', xs: 'xl' }} py={{ base: 'lg', xs: 32 }}>
        {notice}
        <Outlet />
      </Container>
    </AppFrameMain>
  );
}

import { Anchor, Box, Center, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';

/** Full-screen page for errors: just the logo and a centred message. */
export function ErrorLayout({ children }: { children?: ReactNode }) {
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container size="xl" w="100%" py="md">
        <Anchor
          component={Link}
          to={paths.home.getHref()}
          underline="never"
          aria-label="Личный кабинет — главная"
          w="fit-content"
          display="block"
        >
          <Logo />
        </Anchor>
      </Container>
      <Center component="main" style={{ flex: 1 }} px="md" pb={80}>
        {children ?? <Outlet />}
      </Center>
    </Box>
  );
}

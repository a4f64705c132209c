import { Anchor, Box, Center, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { useText } from '@/lib/i18n/catalogue';
import { appTexts } from '../texts';

/** Full-screen page for errors: just the logo and a centred message. */
export function ErrorLayout({ children }: { children?: ReactNode }) {
  const t = useText(appTexts);
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container size="xl" w="100%" py="md">
        <Anchor
          component={Link}
          to={paths.home.getHref()}
          underline="never"
          aria-label={t('Личный кабинет — главная')}
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

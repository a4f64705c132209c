import { Box, Center, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '@/components/logo';
import classes from './auth-layout.module.css';

/** Sign-in: a single card in the middle of a quiet background. */
export function AuthLayout() {
  return (
    <Box className={classes.page}>
      <Center component="main" className={classes.main}>
        <Stack gap="xl" w="100%" maw={440} align="center">
          <Logo />
          <Paper w="100%" p={{ base: 'lg', xs: 36 }} shadow="md" withBorder radius="lg">
            <Outlet />
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}

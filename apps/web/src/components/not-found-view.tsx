import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Spec section 2, not-found page. Also what a non-admin sees under /admin (product-decisions). */
export function NotFoundView() {
  return (
    <Stack align="center" gap="md" ta="center" maw={560} mx="auto">
      <Text
        component="p"
        fz={{ base: 96, xs: 140 }}
        fw={800}
        lh={1}
        c="blue.6"
        style={{ letterSpacing: '-0.04em' }}
      >
        404
      </Text>
      <Title order={1} size="h2">
        Упс! Эта страница не может быть найдена
      </Title>
      <Text c="dimmed" size="lg">
        Страница, которую вы ищете, возможно, удалена
      </Text>
      <Button component={Link} to={paths.home.getHref()} size="md" mt="sm">
        На главную
      </Button>
    </Stack>
  );
}

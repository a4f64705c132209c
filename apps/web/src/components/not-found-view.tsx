import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useText } from '@/lib/i18n';
import { componentTexts } from './texts';

/** Spec section 2, not-found page. Also what a non-admin sees under /admin (product-decisions). */
export function NotFoundView() {
  const t = useText(componentTexts);
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
        {t('Упс! Эта страница не может быть найдена')}
      </Title>
      <Text c="dimmed" size="lg">
        {t('Страница, которую вы ищете, возможно, удалена')}
      </Text>
      <Button component={Link} to={paths.home.getHref()} size="md" mt="sm">
        {t('На главную')}
      </Button>
    </Stack>
  );
}

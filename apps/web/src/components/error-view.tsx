import { Button, Stack, Text, Title } from '@mantine/core';
import { useText } from '@/lib/i18n/catalogue';
import { componentTexts } from './texts';

type ErrorViewProps = {
  title?: string;
  message?: string;
};

/** A screen that could not load (a failed chunk, a server outage): say so and offer a reload. */
export function ErrorView({ title, message }: ErrorViewProps) {
  const t = useText(componentTexts);
  return (
    <Stack align="center" gap="md" ta="center" maw={560} mx="auto">
      <Title order={1} size="h2">
        {title ?? t('Не удалось открыть страницу')}
      </Title>
      <Text c="dimmed" size="lg">
        {message ?? t('Проверьте подключение к интернету и попробуйте ещё раз.')}
      </Text>
      <Button size="md" mt="sm" onClick={() => window.location.reload()}>
        {t('Обновить страницу')}
      </Button>
    </Stack>
  );
}

import { Button, Stack, Text, Title } from '@mantine/core';

type ErrorViewProps = {
  title?: string;
  message?: string;
};

/** A screen that could not load (a failed chunk, a server outage): say so and offer a reload. */
export function ErrorView({
  title = 'Не удалось открыть страницу',
  message = 'Проверьте подключение к интернету и попробуйте ещё раз.',
}: ErrorViewProps) {
  return (
    <Stack align="center" gap="md" ta="center" maw={560} mx="auto">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="lg">
        {message}
      </Text>
      <Button size="md" mt="sm" onClick={() => window.location.reload()}>
        Обновить страницу
      </Button>
    </Stack>
  );
}

import type { LoginResult } from '@cabinet/contracts';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceDesktop, IconLogin2 } from '@tabler/icons-react';

type SuccessStepProps = {
  result: LoginResult;
  onEnterCabinet: () => void;
  onOpenApp: (electronUrl: string) => void;
  onCopyCode: (code: string) => void;
};

export function SuccessStep({ result, onEnterCabinet, onOpenApp, onCopyCode }: SuccessStepProps) {
  return (
    <Stack gap="lg" align="stretch">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCheck size={30} stroke={2} />
        </ThemeIcon>
        <Title order={2} size="h3">
          Авторизация прошла успешно
        </Title>
        <Text size="sm" c="dimmed">
          Перейдите в личный кабинет или вернитесь в приложение.
        </Text>
      </Stack>
      <Stack gap="sm">
        <Button size="md" fullWidth leftSection={<IconLogin2 size={18} />} onClick={onEnterCabinet}>
          Войти в личный кабинет
        </Button>
        <Button
          size="md"
          fullWidth
          variant="light"
          leftSection={<IconDeviceDesktop size={18} />}
          onClick={() => onOpenApp(result.electronUrl)}
        >
          Открыть приложение
        </Button>
        <Button
          size="md"
          fullWidth
          variant="default"
          leftSection={<IconCopy size={18} />}
          onClick={() => onCopyCode(result.code)}
        >
          Скопировать токен
        </Button>
      </Stack>
    </Stack>
  );
}

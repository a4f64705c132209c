import type { LoginResult } from '@cabinet/contracts';
import { Button, Code, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceDesktop, IconKey, IconLogin2 } from '@tabler/icons-react';
import { useText } from '@/lib/i18n/catalogue';
import { authTexts } from '../texts';

type SuccessStepProps = {
  result: LoginResult;
  onEnterCabinet: () => void;
  onOpenApp: (electronUrl: string) => void;
  onCopyCode: (code: string) => void;
};

/** The three ways on: full-width buttons of one size. */
const WIDE = { size: 'md', fullWidth: true } as const;

export function SuccessStep({ result, onEnterCabinet, onOpenApp, onCopyCode }: SuccessStepProps) {
  const t = useText(authTexts);
  return (
    <Stack gap="lg" align="stretch">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
          <IconCheck size={30} stroke={2} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('Авторизация прошла успешно')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('Перейдите в личный кабинет или вернитесь в приложение.')}
        </Text>
      </Stack>
      {result.key_fingerprint && <KeyFingerprint fingerprint={result.key_fingerprint} />}
      <Stack gap="sm">
        {/* Focused, so a keyboard-only sign-in goes on with Enter (issue 16). */}
        <Button {...WIDE} leftSection={<IconLogin2 size={18} />} onClick={onEnterCabinet} autoFocus>
          {t('Войти в личный кабинет')}
        </Button>
        <Button
          {...WIDE}
          variant="light"
          leftSection={<IconDeviceDesktop size={18} />}
          onClick={() => onOpenApp(result.electronUrl)}
        >
          {t('Открыть приложение')}
        </Button>
        <Button
          {...WIDE}
          variant="default"
          leftSection={<IconCopy size={18} />}
          onClick={() => onCopyCode(result.code)}
        >
          {t('Скопировать токен')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The desktop app shows the fingerprint of its own key: if a page swapped the loginKey for another key,
 * the two differ and the box is not for that app (decision 0083).
 */
function KeyFingerprint({ fingerprint }: { fingerprint: string }) {
  const t = useText(authTexts);
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          <IconKey size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {t('Отпечаток ключа приложения:')}{' '}
          <Code fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {fingerprint}
          </Code>
        </Text>
        <Text size="xs" c="dimmed">
          {t(
            'Сверьте его с отпечатком, который показывает приложение. Если они не совпадают, не открывайте приложение и не копируйте токен.',
          )}
        </Text>
      </Stack>
    </Paper>
  );
}

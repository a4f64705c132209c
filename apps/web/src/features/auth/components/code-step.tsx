import { LOGIN_CODE_LENGTH } from '@cabinet/contracts';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import classes from './code-step.module.css';
import { LoginCodeInput } from './login-code-input';

/** The server sends at most one code per e-mail a minute (product-decisions, Sign-in). */
export const RESEND_COOLDOWN_SECONDS = 60;

type CodeStepProps = {
  email: string;
  /** The server's message for the sent code ('Код отправлен на почту'). */
  notice: string;
  /** When the current code was sent (ms), for the resend countdown. The parent keys this step by it. */
  sentAt: number;
  isPending: boolean;
  isResending: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onChangeEmail: () => void;
};

export function CodeStep({
  email,
  notice,
  sentAt,
  isPending,
  isResending,
  error,
  onSubmit,
  onResend,
  onChangeEmail,
}: CodeStepProps) {
  const [code, setCode] = useState('');
  const errorId = useId();
  const secondsLeft = useCountdown(sentAt, RESEND_COOLDOWN_SECONDS);
  const isComplete = code.length === LOGIN_CODE_LENGTH;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isComplete && !isPending) onSubmit(code);
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMailCheck size={22} stroke={1.6} color="var(--mantine-color-teal-7)" aria-hidden />
          <div>
            <Text size="sm" c="teal.8" fw={600} role="status">
              {notice}
            </Text>
            <Text size="sm" c="dimmed">
              Письмо с кодом отправлено на <b>{email}</b>
            </Text>
          </div>
        </Group>

        <LoginCodeInput
          label="Введите код полученный в письме"
          value={code}
          onChange={setCode}
          error={Boolean(error)}
          disabled={isPending}
          autoFocus
          describedBy={error ? errorId : undefined}
        />
        {error && (
          <Text id={errorId} role="alert" c="red.7" size="sm">
            {error}
          </Text>
        )}

        <Button type="submit" size="md" fullWidth loading={isPending} disabled={!isComplete}>
          Авторизоваться
        </Button>

        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail} disabled={isPending}>
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              Изменить email
            </Group>
          </Anchor>
          <Button
            className={classes.resend}
            variant="subtle"
            size="compact-sm"
            onClick={onResend}
            loading={isResending}
            disabled={secondsLeft > 0 || isPending}
          >
            Отправить код повторно
          </Button>
        </Group>
        {secondsLeft > 0 && (
          <Text size="xs" c="dimmed" ta="right">
            Новый код можно запросить через {secondsLeft} с
          </Text>
        )}
      </Stack>
    </form>
  );
}

function useCountdown(startedAt: number, seconds: number): number {
  const compute = useCallback(
    () => Math.max(0, Math.ceil(seconds - (Date.now() - startedAt) / 1000)),
    [startedAt, seconds],
  );
  const [secondsLeft, setSecondsLeft] = useState(compute);

  useEffect(() => {
    setSecondsLeft(compute());
    const timer = window.setInterval(() => {
      const next = compute();
      setSecondsLeft(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [compute]);

  return secondsLeft;
}

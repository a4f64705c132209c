import { LOGIN_CODE_LENGTH } from '@cabinet/contracts/auth-constants';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { EmailText } from '@/components/email-text';
import { SubmitButton } from '@/components/submit-button';
import { useText } from '@/lib/i18n/catalogue';
import { richText } from '@/lib/i18n/rich-text';
import { authTexts } from '../texts';
import classes from './code-step.module.css';
import { LoginCodeInput } from './login-code-input';

/** The server sends at most one code per e-mail a minute (product-decisions, Sign-in). */
export const RESEND_COOLDOWN_SECONDS = 60;
/** How long six digits wait before they send themselves. */
export const AUTO_SUBMIT_DELAY_MS = 600;

type CodeStepProps = {
  email: string;
  /** The server's message for the sent code ('Код отправлен на почту'). */
  notice: string;
  /** When the current code was sent (ms), for the resend countdown. The parent keys this step by it. */
  sentAt: number;
  isPending: boolean;
  isResending: boolean;
  error: string | null;
  /** `onFailed` runs when the code is refused: the boxes empty and the first takes focus again. */
  onSubmit: (code: string, onFailed: () => void) => void;
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
  const t = useText(authTexts);
  const [code, setCode] = useState('');
  const [refused, setRefused] = useState(0);
  const boxesRef = useRef<HTMLDivElement>(null);
  const errorId = useId();
  // Every code, burned by wrong tries or not, is replaced only after the minute (decision 0183).
  const secondsLeft = useCountdown(sentAt, RESEND_COOLDOWN_SECONDS);
  const isComplete = code.length === LOGIN_CODE_LENGTH;

  // Six digits send themselves after a beat (issue 16): long enough to see what was typed, and a press of
  // 'Авторизоваться' or Enter in that beat sends it once, at once.
  const autoSubmit = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(autoSubmit.current), []);

  const submit = (value: string) => {
    window.clearTimeout(autoSubmit.current);
    if (value.length !== LOGIN_CODE_LENGTH || isPending) return;
    onSubmit(value, () => {
      // A refused code is cleared, so the next try starts from the first box (issue 16).
      setCode('');
      setRefused((n) => n + 1);
    });
  };

  // The boxes are disabled while the code is checked; focus returns once they are enabled again.
  useEffect(() => {
    if (refused > 0 && !isPending) boxesRef.current?.querySelector('input')?.focus();
  }, [refused, isPending]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMailCheck size={22} stroke={1.6} color="var(--mantine-color-teal-7)" aria-hidden />
          <div>
            <Text size="sm" c="teal.9" fw={600} role="status">
              {notice}
            </Text>
            <Text size="sm" c="dimmed">
              {richText(t, 'Письмо с кодом отправлено на {email}', {
                email: <EmailText component="span" email={email} fw={700} inherit />,
              })}
            </Text>
          </div>
        </Group>

        <div ref={boxesRef}>
          <LoginCodeInput
            label={t('Введите код полученный в письме')}
            value={code}
            onChange={(next) => {
              setCode(next);
              window.clearTimeout(autoSubmit.current);
              if (next.length === LOGIN_CODE_LENGTH) {
                autoSubmit.current = window.setTimeout(() => submit(next), AUTO_SUBMIT_DELAY_MS);
              }
            }}
            error={Boolean(error)}
            disabled={isPending}
            autoFocus
            describedBy={error ? errorId : undefined}
          />
        </div>
        {error && (
          <Text id={errorId} role="alert" c="red.9" size="sm">
            {error}
          </Text>
        )}

        <SubmitButton
          size="md"
          fullWidth
          loading={isPending}
          blockedReason={isComplete ? null : t('Введите все 6 цифр кода')}
        >
          {t('Авторизоваться')}
        </SubmitButton>

        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail} disabled={isPending}>
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              {t('Изменить email')}
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
            {t('Отправить код повторно')}
          </Button>
        </Group>
        {secondsLeft > 0 && (
          <Text size="xs" c="dimmed" ta="right">
            {t('Новый код можно запросить через {seconds} с', { seconds: secondsLeft })}
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

import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { loadContractsText } from '@/lib/i18n/contracts-text';
import { useLocale } from '@/lib/i18n/locale';
import { authTexts } from '../texts';

type EmailStepProps = {
  defaultEmail: string;
  isPending: boolean;
  /** The server's answer to the last attempt, shown in red (spec section 8). */
  error: string | null;
  onSubmit: (email: string) => void;
  /** A code went to this address moments ago: go to the code step with it (issue 16). */
  onHaveCode?: () => void;
  /** 'Войти через <name>' (issue 30): first, above the code's button, which then becomes secondary. */
  ssoOffer?: ReactNode;
  /** False when the address's organization allows only SSO: no code is offered. */
  codeOffered?: boolean;
  /** The address was changed (an SSO offer found for the previous one no longer applies). */
  onEdit?: () => void;
};

/**
 * The check runs the contracts' schema, which (with zod) loads when the field is first used rather than
 * with the screen: the sign-in screen's first load stays within its budget (decision 0111).
 */
const loadEmailCheck = () => import('../lib/email-check');

export function EmailStep({
  defaultEmail,
  isPending,
  error,
  onSubmit,
  onHaveCode,
  ssoOffer,
  codeOffered = true,
  onEdit,
}: EmailStepProps) {
  const t = useText(authTexts);
  const errorId = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const check = async (value: string) => {
    const { emailFieldError } = await loadEmailCheck();
    // The schema came with zod just now: in English, its texts follow before the check speaks.
    await loadContractsText();
    const message = emailFieldError(value);
    setFieldError(message);
    return message;
  };

  // The switch of language beside the field takes the focus, so its blur may have said the field's
  // message a moment before the language changed: said again in the new one.
  const locale = useLocale();
  useEffect(() => {
    if (fieldError) void check(email);
  }, [locale]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ((await check(email)) === null) onSubmit(email.trim());
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          name="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setFieldError(null);
            onEdit?.();
            void loadEmailCheck();
          }}
          onBlur={() => void check(email)}
          error={fieldError}
          label="Email"
          placeholder="name@company.ru"
          type="email"
          inputMode="email"
          // 'webauthn' last: the browser offers the account's passkeys in this field's autofill too.
          autoComplete="email webauthn"
          autoFocus
          size="md"
          leftSection={<IconMail size={18} stroke={1.6} aria-hidden />}
          disabled={isPending}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <Text id={errorId} role="alert" c="red.9" size="sm">
            {error}
          </Text>
        )}
        {ssoOffer}
        {codeOffered && (
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={isPending}
            variant={ssoOffer ? 'default' : 'filled'}
          >
            {t('Отправить код')}
          </Button>
        )}
        {onHaveCode && (
          <Button type="button" variant="light" size="md" fullWidth onClick={onHaveCode}>
            {t('У меня уже есть код')}
          </Button>
        )}
      </Stack>
    </form>
  );
}

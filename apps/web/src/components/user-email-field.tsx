import { type ButtonProps, Group, TextInput } from '@mantine/core';
import { IconMail, IconUserPlus } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { SubmitButton } from './submit-button';
import { componentTexts } from './texts';

type UserEmailFieldProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** lib/user-lookup's inviteEmailError of the value. */
  error: string | null;
  /** A well-formed address and nothing under way. */
  canAdd: boolean;
  /** The lookup or the invitation is under way. */
  busy: boolean;
  inputDisabled?: boolean;
  /** Without it the button submits the form around the field. */
  onAdd?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  variant?: ButtonProps['variant'];
  /** The field takes the focus when it appears (a new organization's first step). */
  autoFocus?: boolean;
  /** Between the field and the button: the role to give, where one may be chosen. */
  extra?: ReactNode;
};

/**
 * 'Email пользователя' and 'Добавить пользователя': an existing user by the exact address (spec section 4),
 * or an invitation to an address without an account (issue 13).
 */
export function UserEmailField({
  value,
  onChange,
  placeholder,
  error,
  canAdd,
  busy,
  inputDisabled,
  onAdd,
  onKeyDown,
  variant,
  extra,
  autoFocus,
}: UserEmailFieldProps) {
  const t = useText(componentTexts);
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        label={t('Email пользователя')}
        placeholder={placeholder}
        type="email"
        inputMode="email"
        autoComplete="off"
        leftSection={<IconMail size={16} aria-hidden />}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoFocus={autoFocus}
        error={error}
        disabled={inputDisabled}
        style={{ flex: '1 1 260px' }}
      />
      {extra}
      <SubmitButton
        type={onAdd ? 'button' : 'submit'}
        variant={variant}
        mt={{ base: 0, xs: 25 }}
        leftSection={<IconUserPlus size={18} aria-hidden />}
        onClick={onAdd}
        loading={busy}
        // The spec's disabled button, saying why (decision 0165).
        blockedReason={
          busy || canAdd ? null : error ? t('Сначала исправьте адрес') : t('Введите Email пользователя')
        }
      >
        {t('Добавить пользователя')}
      </SubmitButton>
    </Group>
  );
}

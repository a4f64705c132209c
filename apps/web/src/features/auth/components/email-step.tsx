import { LoginEmailFormSchema } from '@cabinet/contracts';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMail } from '@tabler/icons-react';
import { useId } from 'react';

type EmailStepProps = {
  defaultEmail: string;
  isPending: boolean;
  /** The server's answer to the last attempt, shown in red (spec section 8). */
  error: string | null;
  onSubmit: (email: string) => void;
};

export function EmailStep({ defaultEmail, isPending, error, onSubmit }: EmailStepProps) {
  const errorId = useId();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: defaultEmail },
    validate: schemaResolver(LoginEmailFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  return (
    <form noValidate onSubmit={form.onSubmit(({ email }) => onSubmit(email.trim()))}>
      <Stack gap="md">
        <TextInput
          {...form.getInputProps('email')}
          key={form.key('email')}
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
          <Text id={errorId} role="alert" c="red.7" size="sm">
            {error}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={isPending}>
          Отправить код
        </Button>
      </Stack>
    </form>
  );
}

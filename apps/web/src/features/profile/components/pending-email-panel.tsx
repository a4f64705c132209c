import { EmailConfirmFormSchema } from '@cabinet/contracts';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { EmailText } from '@/components/email-text';
import { useFieldErrorsClaim } from '@/lib/field-errors';
import { useText } from '@/lib/i18n/catalogue';
import { richText } from '@/lib/i18n/rich-text';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { useConfirmEmail } from '../api/confirm-email';
import { useUpdateProfile } from '../api/update-profile';
import { profileTexts } from '../texts';

type PendingEmailPanelProps = {
  userId: number;
  /** The address in force. */
  email: string;
  /** The new address waiting for its code. */
  pendingEmail: string;
};

/**
 * A change of one's own e-mail waits for the code mailed to the new address (decision 0085): the code
 * field, a new code, and calling the change off (the current address sent back).
 */
export function PendingEmailPanel({ userId, email, pendingEmail }: PendingEmailPanelProps) {
  const t = useText(profileTexts);
  const confirm = useConfirmEmail();
  const update = useUpdateProfile();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: schemaResolver(EmailConfirmFormSchema, { sync: true }),
  });
  const busy = confirm.isPending || update.isPending;

  // A wrong code is said under the field and stays there to be corrected (issue 34, rule 5); an expired or
  // used-up one ends the change, which its toast says.
  const claimFieldErrors = useFieldErrorsClaim(form);
  const submit = form.onSubmit(({ code }) => {
    claimFieldErrors();
    confirm.mutate(code.trim(), { onSuccess: () => form.reset() });
  });

  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailForward size={20} aria-hidden />}
      title={t('Смена адреса эл. почты')}
      mb="lg"
    >
      <Stack gap="sm">
        <Text size="sm">
          {richText(t, 'Новый адрес ожидает подтверждения: {email}', {
            email: <EmailText component="span" fw={600} inherit email={pendingEmail} />,
          })}
        </Text>
        <Text size="sm">
          {richText(
            t,
            'Мы отправили на него код. Пока код не введён, вход и письма остаются на прежнем адресе {email}.',
            { email: <EmailText component="span" inherit email={email} /> },
          )}
        </Text>
        <form noValidate onSubmit={submit} aria-busy={busy}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              {...form.getInputProps('code')}
              label={t('Код из письма')}
              placeholder="123456"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              disabled={busy}
              w={{ base: '100%', xs: 180 }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={confirm.isPending} disabled={busy}>
              {t('Подтвердить')}
            </Button>
          </Group>
        </form>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={busy}
            onClick={() => update.mutate({ userId, body: { email: pendingEmail } })}
          >
            {t('Отправить код ещё раз')}
          </Button>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            disabled={busy}
            onClick={() => update.mutate({ userId, body: { email } })}
          >
            {t('Отменить смену адреса')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

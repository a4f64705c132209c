import { Button, CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconUserEdit } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useFieldErrorsClaim } from '@/lib/field-errors';
import { useText } from '@/lib/i18n/catalogue';
import { loadContractsText } from '@/lib/i18n/contracts-text';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { profileTexts } from '../texts';

export const NAME_BANNER_TEXT = 'Укажите имя, чтобы коллеги вас узнавали';
/** Hidden for this tab once closed; it comes back in a new tab while the name is still missing. */
const DISMISSED_KEY = 'cabinet.nameBanner.dismissed';

function dismissedInThisTab(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * First run (issue 16): an account without a name is asked for one on the home screen, in place, with the
 * spec's name rules (2 to 40 characters). It blocks nothing: the rest of the screen works, and it can be
 * closed.
 */
export function NameBanner() {
  const t = useText(profileTexts);
  const { data: profile } = useProfile();
  const update = useUpdateProfile();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(dismissedInThisTab);
  // The server's word on the name goes under the field too, not in a toast (issue 34, rule 5).
  const claimFieldErrors = useFieldErrorsClaim({
    getValues: () => ({ name }),
    setFieldError: (_field, message) => setError(String(message)),
  });

  if (!profile || profile.name.trim() || dismissed) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) come with the first submit, not with home's first load (decision 0175).
    const { UserNameSchema } = await import('@cabinet/contracts/profile');
    await loadContractsText();
    const parsed = UserNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('Обязательное поле'));
      return;
    }
    setError(null);
    claimFieldErrors();
    update.mutate({ userId: profile.id, body: { name: parsed.data } });
  };

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Closed for this page view only.
    }
    setDismissed(true);
  };

  return (
    <Paper withBorder p="md" bg="blue.0" component="section" aria-labelledby="name-banner-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconUserEdit size={22} stroke={1.6} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text id="name-banner-title" fw={600}>
              {t(NAME_BANNER_TEXT)}
            </Text>
          </Group>
          <CloseButton aria-label={t('Скрыть до следующего входа')} onClick={dismiss} />
        </Group>
        <form noValidate onSubmit={submit}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('Имя')}
              description={t('От 2 до 40 символов. Его увидят участники ваших организаций')}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                if (error) setError(null);
              }}
              error={error}
              autoComplete="name"
              maxLength={80}
              disabled={update.isPending}
              style={{ flex: '1 1 240px' }}
            />
            <Button type="submit" loading={update.isPending} mt={{ base: 0, xs: 46 }}>
              {t('Сохранить имя')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}

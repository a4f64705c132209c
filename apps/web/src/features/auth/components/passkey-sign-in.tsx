import { Button, Divider, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useId } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { authTexts } from '../texts';

type PasskeySignInProps = {
  isPending: boolean;
  /** The last attempt's failure, in red. */
  error: string | null;
  onClick: () => void;
};

/** 'Войти с ключом доступа' under the e-mail step; the code stays the first way in (issue 14). */
export function PasskeySignIn({ isPending, error, onClick }: PasskeySignInProps) {
  const t = useText(authTexts);
  const errorId = useId();
  return (
    <Stack gap="sm">
      <Divider label={t('или')} labelPosition="center" />
      <Button
        variant="default"
        size="md"
        fullWidth
        leftSection={<IconKey size={18} stroke={1.6} aria-hidden />}
        loading={isPending}
        onClick={onClick}
        aria-describedby={error ? errorId : undefined}
      >
        {t('Войти с ключом доступа')}
      </Button>
      {error && (
        <Text id={errorId} role="alert" c="red.7" size="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

import { Button, Stack, Text } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useText } from '@/lib/i18n';
import { ssoTexts } from '../texts';

type SsoSignInOfferProps = {
  choice: { name: string; url: string; onlySso: boolean };
  /** The sign-in screen's loginKey: a desktop app's goes along, so its hand-off ends in the app. */
  loginKey: string;
};

/**
 * 'Войти через <name>' on the sign-in screen (issue 30): the organization's own sign-in, first; the code
 * stays below unless the organization allows only SSO, which is said here.
 */
export function SsoSignInOffer({ choice, loginKey }: SsoSignInOfferProps) {
  const t = useText(ssoTexts);
  const href = loginKey === 'web' ? choice.url : `${choice.url}&login_key=${encodeURIComponent(loginKey)}`;
  return (
    <Stack gap="xs">
      <Button
        component="a"
        href={href}
        size="md"
        fullWidth
        leftSection={<IconBuildingSkyscraper size={18} stroke={1.6} aria-hidden />}
      >
        {t('Войти через {name}', { name: choice.name })}
      </Button>
      {choice.onlySso && (
        <Text size="sm" c="dimmed">
          {t('Организация разрешает вход с этим адресом только через единый вход (SSO).')}
        </Text>
      )}
    </Stack>
  );
}

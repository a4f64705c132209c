import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandYandex } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useText } from '@/lib/i18n/catalogue';
import { loadSignInOptions, YANDEX_START_PATH } from '@/lib/sign-in-options';
import { rememberLandingLoginKey } from '../lib/landing-login-key';
import { authTexts } from '../texts';

type YandexSignInProps = {
  loginKey: string;
  /** Its own 'или' above it: no passkey button stands between it and the e-mail step. */
  divided: boolean;
};

/**
 * 'Войти с Яндекс ID' under the e-mail step when the installation has it (issue 30): a link to the API,
 * which sends the browser on to Yandex; it comes back to /auth-app/landing signed in. Loaded after the
 * screen shows, with its one plain fetch (decision 0111).
 */
export function YandexSignIn({ loginKey, divided }: YandexSignInProps) {
  const t = useText(authTexts);
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    void loadSignInOptions().then((options) => live && setOffered(options.yandex_id));
    return () => {
      live = false;
    };
  }, []);
  if (!offered) return null;
  return (
    <Stack gap="sm">
      {divided && <Divider label={t('или')} labelPosition="center" />}
      <Button
        component="a"
        href={YANDEX_START_PATH}
        variant="default"
        size="md"
        fullWidth
        leftSection={<IconBrandYandex size={18} stroke={1.6} color="#fc3f1d" aria-hidden />}
        onClick={() => rememberLandingLoginKey(loginKey)}
      >
        {t('Войти с Яндекс ID')}
      </Button>
    </Stack>
  );
}

import type { LoginResult } from '@cabinet/contracts';
import { WEB_LOGIN_KEY } from '@cabinet/contracts/auth-constants';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { exchangeLandingCode } from '@/features/auth/api/landing';
import { SuccessStep } from '@/features/auth/components/success-step';
import { takeLandingLoginKey } from '@/features/auth/lib/landing-login-key';
import { authTexts } from '@/features/auth/texts';
import { ApiError, unknownServerError } from '@/lib/api-error';
import { textNow, useText } from '@/lib/i18n/catalogue';
import { useSignInActions } from './sign-in-route';

type State =
  | { kind: 'pending' }
  | { kind: 'failed'; message: string; loginKey: string }
  | { kind: 'desktop'; result: LoginResult };

/**
 * /auth-app/landing?code=… (decision 0283): back from Yandex ID or an organization's SSO. The one-time code
 * leaves the address bar at once and is traded for the session; the web goes on into the cabinet, a
 * desktop app's sign-in shows the success step with its hand-off, and a refusal says why.
 */
export function SignInLandingRoute() {
  const t = useText(authTexts);
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'pending' });
  const actions = useSignInActions({ replace: true });
  // The code works once: one exchange, even when the effect runs twice (StrictMode).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code') ?? '';
    setParams({}, { replace: true });
    const loginKey = takeLandingLoginKey();
    if (!code) {
      setState({
        kind: 'failed',
        message: textNow(authTexts)('Ссылка входа неверна или устарела: войдите заново'),
        loginKey,
      });
      return;
    }
    exchangeLandingCode({ code, loginKey }).then(
      (result) => {
        actions.onAuthenticated(result);
        if (result.key_fingerprint) setState({ kind: 'desktop', result });
        else actions.onEnterCabinet();
      },
      (error: unknown) =>
        setState({
          kind: 'failed',
          message: error instanceof ApiError ? error.message : unknownServerError(),
          loginKey,
        }),
    );
  }, []);

  if (state.kind === 'desktop')
    return (
      <SuccessStep
        result={state.result}
        onEnterCabinet={actions.onEnterCabinet}
        onOpenApp={actions.onOpenApp}
        onCopyCode={actions.onCopyCode}
      />
    );
  if (state.kind === 'pending')
    return (
      <Center py="xl">
        <Stack align="center" gap="sm">
          <Loader size="sm" aria-label={t('Загрузка')} />
          <Text size="sm" c="dimmed">
            {t('Завершаем вход…')}
          </Text>
        </Stack>
      </Center>
    );
  const desktopKey = state.loginKey !== WEB_LOGIN_KEY ? state.loginKey : undefined;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('Вход не выполнен')}
      </Title>
      <Alert color="red" role="alert">
        {state.message}
      </Alert>
      <Button component={Link} to={paths.signIn.getHref(desktopKey)} size="md" fullWidth replace>
        {t('Войти другим способом')}
      </Button>
    </Stack>
  );
}

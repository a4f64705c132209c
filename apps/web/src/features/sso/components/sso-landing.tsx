import type { LoginResult } from '@cabinet/contracts';
import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, UNKNOWN_SERVER_ERROR } from '@/lib/api-client';
import { textNow, useText } from '@/lib/i18n';
import { finishSsoSignIn } from '../api/finish';
import { landingError } from '../lib/sso-texts';
import { ssoTexts } from '../texts';

type SsoLandingProps = {
  /** The sign-in screen to go back to (with a desktop app's loginKey). */
  signInHref: string;
  /** The session is open: the screen stores it and goes on. */
  onSignedIn: (result: LoginResult) => void;
  /** What shows once signed in (a desktop app's hand-off), if the screen does not leave at once. */
  signedIn?: (result: LoginResult) => ReactNode;
};

type State =
  | { kind: 'working' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; result: LoginResult };

/** The provider's answer, read once from the fragment and removed from the address bar and history. */
function takeAnswer(): URLSearchParams {
  const answer = new URLSearchParams(window.location.hash.slice(1));
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return answer;
}

/**
 * Back from the organization's provider (issue 30; decision 0276): the callback put the provider's answer
 * (or why there is none) in the fragment; this page sends it with the browser's cookie to finish the
 * sign-in, or says in Russian why it cannot.
 */
export function SsoLanding({ signInHref, onSignedIn, signedIn }: SsoLandingProps) {
  const t = useText(ssoTexts);
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // Once: the answer is used up by the first try (and React may run this twice in development).
    if (started.current) return;
    started.current = true;
    const answer = takeAnswer();
    const code = answer.get('code');
    const ssoState = answer.get('state');
    if (!code || !ssoState) {
      setState({ kind: 'failed', message: textNow(ssoTexts)(landingError(answer.get('error'))) });
      return;
    }
    const iss = answer.get('iss');
    finishSsoSignIn({ code, state: ssoState, ...(iss ? { iss } : {}) }).then(
      (result) => {
        setState({ kind: 'done', result });
        onSignedIn(result);
      },
      (error: unknown) =>
        setState({
          kind: 'failed',
          message: error instanceof ApiError ? error.message : UNKNOWN_SERVER_ERROR,
        }),
    );
  }, []);

  if (state.kind === 'done' && signedIn) return signedIn(state.result);
  if (state.kind !== 'failed') {
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
  }
  return (
    <Stack gap="lg" align="stretch">
      <Stack gap="xs" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
          <IconAlertTriangle size={30} stroke={2} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t('Не удалось войти')}
        </Title>
        <Text role="alert" size="sm">
          {state.message}
        </Text>
      </Stack>
      <Button component={Link} to={signInHref} size="md" fullWidth autoFocus>
        {t('Вернуться ко входу')}
      </Button>
    </Stack>
  );
}

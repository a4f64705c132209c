import type { LoginResult } from '@cabinet/contracts';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ApiError, unknownServerError } from '@/lib/api-error';
import { useText } from '@/lib/i18n/catalogue';
import { passkeyErrorMessage } from '@/lib/passkey-errors';
import { session } from '@/lib/session';
import { useConfirmLoginCode, useRequestLoginCode } from '../api/login';
import { usePasskeySignIn } from '../api/passkey-login';
import { clearPendingCode, loadPendingCode, savePendingCode } from '../lib/pending-code';
import { authTexts } from '../texts';
import { EmailStep } from './email-step';
// Offered only where the browser has passkeys, under the e-mail step. Not lazy: it shares the sign-in
// chunk with this file, and a lazy one showed a moment after the card, which moved (the card is centred)
// the button a person was about to press.
import { PasskeySignIn } from './passkey-sign-in';

// The code and success steps come after a call to the server: they load while it runs, so the e-mail step
// (the screen's first load) carries neither the code boxes nor their tooltip (decision 0111).
const loadCodeStep = () => import('./code-step');
const CodeStep = lazy(() => loadCodeStep().then((m) => ({ default: m.CodeStep })));
// Offered where the installation has Yandex ID; the chunk asks the server after the screen shows (issue 30).
const YandexSignIn = lazy(() => import('./yandex-sign-in').then((m) => ({ default: m.YandexSignIn })));
const SuccessStep = lazy(() => import('./success-step').then((m) => ({ default: m.SuccessStep })));

type Step =
  | { kind: 'email' }
  | { kind: 'code'; email: string; notice: string; sentAt: number }
  | { kind: 'success'; result: LoginResult };

/** An organization's single sign-on for the address typed (issue 30): 'Войти через <name>'. */
export type SsoChoice = { name: string; url: string; onlySso: boolean };

type SignInFlowProps = {
  loginKey: string;
  /**
   * Asks whether the address's domain signs in through its organization's SSO (the sign-in screen; a plain
   * fetch loaded on first use). Without it the flow offers the code alone.
   */
  discoverSso?: (email: string) => Promise<SsoChoice | null>;
  /** 'Войти через <name>', shown first in the e-mail step once discoverSso found one. */
  renderSsoOffer?: (choice: SsoChoice) => ReactNode;
  /** The address filled in at the start (an invitation's). */
  initialEmail?: string;
  /** Part of another screen (an invitation link): its heading is a section's, not the page's. */
  embedded?: boolean;
  /** 'Войти с Яндекс ID' when the installation has it: the sign-in screen's, whose landing goes home. */
  offerYandex?: boolean;
  /** Step two succeeded: the caller stores the session and loads the user. */
  onAuthenticated: (result: LoginResult) => void;
  onEnterCabinet: () => void;
  onOpenApp: (electronUrl: string) => void;
  onCopyCode: (code: string) => void;
};

// @simplewebauthn/browser loads when a passkey ceremony starts, not with the screen (decision 0111); whether
// to offer the button is the same test the library makes.
const loadWebAuthn = () => import('@simplewebauthn/browser');
const browserSupportsWebAuthn = () => typeof globalThis.PublicKeyCredential === 'function';

function StepLoader() {
  const t = useText(authTexts);
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={t('Загрузка')} />
    </Center>
  );
}

/** The step-one answer when a code went out moments ago: 'У меня уже есть код' opens the code step. */
const ALREADY_SENT_NOTICE = 'Код уже отправлен на почту';

/** Spec section 8: the first field message when the server lists some, else its message. */
const firstMessage = (error: unknown) =>
  error instanceof ApiError ? error.firstMessage : unknownServerError();
const message = (error: unknown) => (error instanceof ApiError ? error.message : unknownServerError());

/**
 * Sign-in by e-mail and one-time code: e-mail step, code step, success step (spec sections 2 and 4). The
 * e-mail step also offers a passkey, by its button and in the e-mail field's autofill (issue 14); the code
 * always stays available. A reload inside the code's life comes back to the code step of the same address
 * (lib/pending-code.ts).
 */
export function SignInFlow({
  loginKey,
  discoverSso,
  renderSsoOffer,
  initialEmail = '',
  embedded = false,
  offerYandex = false,
  onAuthenticated,
  onEnterCabinet,
  onOpenApp,
  onCopyCode,
}: SignInFlowProps) {
  const t = useText(authTexts);
  const [step, setStep] = useState<Step>(() => {
    const pending = loadPendingCode(loginKey);
    return pending ? { kind: 'code', ...pending } : { kind: 'email' };
  });
  const [email, setEmail] = useState(step.kind === 'code' ? step.email : initialEmail);
  const requestCode = useRequestLoginCode();
  const confirmCode = useConfirmLoginCode();
  const passkey = usePasskeySignIn();
  const autofill = usePasskeySignIn();
  const [passkeysSupported] = useState(browserSupportsWebAuthn);
  // The autofill's ceremony brings @simplewebauthn/browser, the passkey calls and zod. Where the cabinet has
  // been signed in before it starts with the e-mail step; in a browser new to it, with the person's first
  // click or typing in the e-mail form, so a first visit does not download it unasked (decision 0291).
  const [autofillWanted, setAutofillWanted] = useState(session.signedInHere);
  const wantAutofill = () => setAutofillWanted(true);
  // The SSO found for an address, kept while the field holds it; `checked` addresses are not asked again.
  const [sso, setSso] = useState<{ email: string; choice: SsoChoice | null } | null>(null);
  const [discovering, setDiscovering] = useState(false);

  const passkeyFailure = (error: unknown) =>
    error
      ? passkeyErrorMessage(error, t('Не удалось войти с ключом доступа. Войдите по коду из письма'))
      : null;

  const signedIn = (result: LoginResult) => {
    clearPendingCode();
    onAuthenticated(result);
    setStep({ kind: 'success', result });
  };

  // While the e-mail step shows, the browser may offer a passkey in the field's autofill; leaving the step
  // (or starting the button's ceremony, which supersedes it) ends that offer.
  useEffect(() => {
    if (step.kind !== 'email' || !autofillWanted) return;
    let active = true;
    if (!browserSupportsWebAuthn()) return;
    void loadWebAuthn()
      .then((webAuthn) => webAuthn.browserSupportsWebAuthnAutofill())
      .then((available) => {
        if (available && active) autofill.mutate({ loginKey, autofill: true }, { onSuccess: signedIn });
      });
    return () => {
      active = false;
      void loadWebAuthn().then((webAuthn) => webAuthn.WebAuthnAbortService.cancelCeremony());
    };
  }, [step.kind, loginKey, autofillWanted]);

  const showCodeStep = (to: string, notice: string, sentAt: number) => {
    savePendingCode({ email: to, loginKey, notice, sentAt });
    setStep({ kind: 'code', email: to, notice, sentAt });
  };

  const sendCode = async (to: string) => {
    void loadCodeStep();
    // An address of a domain with SSO is offered 'Войти через …' first (issue 30); the code stays available
    // unless the organization allows only SSO. A failed question offers the code, as before.
    if (discoverSso && sso?.email !== to) {
      setDiscovering(true);
      const choice = await discoverSso(to).catch(() => null);
      setDiscovering(false);
      setSso({ email: to, choice });
      if (choice) {
        setEmail(to);
        return;
      }
    }
    if (sso?.email === to && sso.choice?.onlySso) return;
    setEmail(to);
    confirmCode.reset();
    requestCode.mutate(
      { loginKey, email: to },
      { onSuccess: ({ message: notice }) => showCodeStep(to, notice, Date.now()) },
    );
  };

  const submitCode = (code: string, onFailed: () => void) => {
    if (step.kind !== 'code') return;
    requestCode.reset();
    confirmCode.mutate(
      { loginKey, email: step.email, code },
      {
        onSuccess: ({ data }) => signedIn(data),
        onError: onFailed,
      },
    );
  };

  if (step.kind === 'success') {
    return (
      <Suspense fallback={<StepLoader />}>
        <SuccessStep
          result={step.result}
          onEnterCabinet={onEnterCabinet}
          onOpenApp={onOpenApp}
          onCopyCode={onCopyCode}
        />
      </Suspense>
    );
  }

  const ssoChoice = sso?.choice ?? null;

  // Step one refused for this address within its minute (or its day): a code may be in the mailbox.
  const codeAlreadySent = requestCode.error instanceof ApiError && requestCode.error.status === 429;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={embedded ? 2 : 1} size={embedded ? 'h4' : 'h2'}>
          {t('Вход в личный кабинет')}
        </Title>
        <Text c="dimmed" size="sm">
          {step.kind === 'email'
            ? t('Укажите эл. почту — мы пришлём на неё одноразовый код.')
            : t('Код действует 10 минут.')}
        </Text>
      </Stack>
      {step.kind === 'email' ? (
        <>
          {/* A press anywhere in the e-mail form; typing is its onEdit (see autofillWanted). */}
          <div onPointerDown={wantAutofill}>
            <EmailStep
              defaultEmail={email}
              isPending={requestCode.isPending || discovering}
              error={requestCode.isError ? firstMessage(requestCode.error) : null}
              onSubmit={(to) => void sendCode(to)}
              ssoOffer={ssoChoice && renderSsoOffer?.(ssoChoice)}
              codeOffered={!ssoChoice?.onlySso}
              onEdit={() => {
                setSso(null);
                wantAutofill();
              }}
              onHaveCode={
                codeAlreadySent ? () => showCodeStep(email, t(ALREADY_SENT_NOTICE), Date.now()) : undefined
              }
            />
          </div>
          {passkeysSupported && (
            <PasskeySignIn
              isPending={passkey.isPending}
              error={passkeyFailure(passkey.error) ?? passkeyFailure(autofill.error)}
              onClick={() => {
                autofill.reset();
                passkey.mutate({ loginKey, autofill: false }, { onSuccess: signedIn });
              }}
            />
          )}
          {offerYandex && (
            <Suspense fallback={null}>
              <YandexSignIn loginKey={loginKey} divided={!passkeysSupported} />
            </Suspense>
          )}
        </>
      ) : (
        <Suspense fallback={<StepLoader />}>
          <CodeStep
            key={step.sentAt}
            email={step.email}
            notice={step.notice}
            sentAt={step.sentAt}
            isPending={confirmCode.isPending}
            isResending={requestCode.isPending}
            error={
              confirmCode.isError
                ? message(confirmCode.error)
                : requestCode.isError
                  ? firstMessage(requestCode.error)
                  : null
            }
            onSubmit={submitCode}
            onResend={() => void sendCode(step.email)}
            onChangeEmail={() => {
              clearPendingCode();
              requestCode.reset();
              confirmCode.reset();
              setStep({ kind: 'email' });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

import type { LoginResult } from '@cabinet/contracts';
import { WEB_LOGIN_KEY } from '@cabinet/contracts/auth-constants';
import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { takeAfterSignIn } from '@/app/route-guards';
import { paths, searchParamKeys } from '@/config/paths';
import { LanguageSwitch } from '@/features/auth/components/language-switch';
import { SessionEndedNotice } from '@/features/auth/components/session-ended-notice';
import { SignInFlow } from '@/features/auth/components/sign-in-flow';
import { authTexts } from '@/features/auth/texts';
import { textNow } from '@/lib/i18n/catalogue';
import { session } from '@/lib/session';
import { notifyError, notifySuccess } from '@/lib/toasts';

// Issue 30: the question and 'Войти через …' load when an address is submitted, not with the screen.
const discoverSso = (email: string) =>
  import('@/features/sso/api/discover').then((m) => m.discoverSso(email));
const SsoSignInOffer = lazy(() =>
  import('@/features/sso/components/sso-sign-in-offer').then((m) => ({ default: m.SsoSignInOffer })),
);

/** /auth-app (spec section 2). A desktop app opens it with its own ?loginKey=…; the web uses 'web'. */
export function SignInRoute() {
  const [params] = useSearchParams();
  const loginKey = params.get(searchParamKeys.loginKey)?.trim() || WEB_LOGIN_KEY;
  const actions = useSignInActions();

  return (
    <>
      <LanguageSwitch />
      <SessionEndedNotice />
      <SignInFlow
        loginKey={loginKey}
        offerYandex
        discoverSso={discoverSso}
        renderSsoOffer={(choice) => (
          <Suspense fallback={null}>
            <SsoSignInOffer choice={choice} loginKey={loginKey} />
          </Suspense>
        )}
        {...actions}
      />
    </>
  );
}

/**
 * What a finished sign-in does, by code or passkey (/auth-app) or at an outside provider
 * (/auth-app/landing, which imports it from here: one chunk, not a shared one more in the sign-in
 * screen's first load): keep the session, load the user, and the success step's three ways on.
 */
export function useSignInActions({ replace = false }: { replace?: boolean } = {}) {
  const navigate = useNavigate();
  return {
    onAuthenticated(result: LoginResult) {
      session.signIn(result.access_token);
      // The query client and the profile call load here, not with the screen (decision 0111).
      Promise.all([import('@/app/query-client'), import('@/features/profile/api/get-profile')])
        .then(([{ queryClient }, { profileQueryOptions }]) => {
          // Nothing cached may belong to whoever was signed in before.
          queryClient.clear();
          // A failure is toasted by the query client ('Ошибка при получении данных пользователя').
          return queryClient.fetchQuery(profileQueryOptions());
        })
        .catch(() => undefined);
    },
    // A visitor sent here from /device (issue 29) goes back to it with the code. `replace`: the page it
    // leaves (a landing whose code is used up) is not one to come back to.
    onEnterCabinet: () => navigate(takeAfterSignIn() ?? paths.home.getHref(), { replace }),
    onOpenApp(electronUrl: string) {
      window.location.href = electronUrl;
    },
    onCopyCode(code: string) {
      // navigator.clipboard is missing outside secure contexts; that is a failed copy too.
      Promise.resolve()
        .then(() => navigator.clipboard.writeText(code))
        .then(
          () => notifySuccess(textNow(authTexts)('Код успешно скопирован в буфер обмена')),
          () => notifyError(textNow(authTexts)('Ошибка при копировании в буфер обмена')),
        );
    },
  };
}

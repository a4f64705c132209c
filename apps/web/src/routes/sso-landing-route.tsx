import type { LoginResult } from '@cabinet/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { takeAfterSignIn } from '@/app/route-guards';
import { paths, searchParamKeys } from '@/config/paths';
import { SuccessStep } from '@/features/auth/components/success-step';
import { SsoLanding } from '@/features/sso/components/sso-landing';
import { ssoTexts } from '@/features/sso/texts';
import { textNow } from '@/lib/i18n';
import { session } from '@/lib/session';
import { notifyError, notifySuccess } from '@/lib/toasts';

/**
 * /auth-app/sso (issue 30): back from an organization's provider. The web goes straight into the cabinet; a
 * desktop app's sign-in (its loginKey came along) gets the success step with 'Открыть приложение'.
 */
export function SsoLandingRoute() {
  const [params] = useSearchParams();
  const loginKey = params.get(searchParamKeys.loginKey)?.trim() || undefined;
  const navigate = useNavigate();
  const enterCabinet = () => navigate(takeAfterSignIn() ?? paths.home.getHref(), { replace: true });

  const signedIn = (result: LoginResult) => {
    session.signIn(result.access_token);
    // Nothing cached may belong to whoever was signed in before (as the sign-in screen does).
    void import('@/app/query-client')
      .then(({ queryClient }) => queryClient.clear())
      .catch(() => undefined)
      .then(() => {
        if (result.key_fingerprint === null) enterCabinet();
      });
  };

  return (
    <SsoLanding
      signInHref={paths.signIn.getHref(loginKey)}
      onSignedIn={signedIn}
      signedIn={(result) => (
        <SuccessStep
          result={result}
          onEnterCabinet={enterCabinet}
          onOpenApp={(electronUrl) => {
            window.location.href = electronUrl;
          }}
          onCopyCode={(code) => {
            Promise.resolve()
              .then(() => navigator.clipboard.writeText(code))
              .then(
                () => notifySuccess(textNow(ssoTexts)('Код успешно скопирован в буфер обмена')),
                () => notifyError(textNow(ssoTexts)('Ошибка при копировании в буфер обмена')),
              );
          }}
        />
      )}
    />
  );
}

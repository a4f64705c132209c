import { WEB_LOGIN_KEY } from '@cabinet/contracts/auth-constants';
import { useSearchParams } from 'react-router';
import { searchParamKeys } from '@/config/paths';
import { SessionEndedNotice } from '@/features/auth/components/session-ended-notice';
import { SignInFlow } from '@/features/auth/components/sign-in-flow';
import { useSignInActions } from './sign-in-actions';

/** /auth-app (spec section 2). A desktop app opens it with its own ?loginKey=…; the web uses 'web'. */
export function SignInRoute() {
  const [params] = useSearchParams();
  const loginKey = params.get(searchParamKeys.loginKey)?.trim() || WEB_LOGIN_KEY;
  const actions = useSignInActions();

  return (
    <>
      <SessionEndedNotice />
      <SignInFlow loginKey={loginKey} offerYandex {...actions} />
    </>
  );
}

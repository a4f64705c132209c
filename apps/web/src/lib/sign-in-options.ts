import type { SignInOptions } from '@cabinet/contracts';

/*
 * The sign-in screen's extra ways in (issue 30): GET /api/v1/site/sign-in ({yandex_id}), read by plain
 * fetch, not callEndpoint, so neither the contracts' schemas nor zod come with the sign-in screen (its
 * first-load budget, decision 0111). The paths are the endpoint table's (sign-in-options.test.ts).
 */

/** siteEndpoints.signIn. */
export const SIGN_IN_OPTIONS_PATH = '/api/v1/site/sign-in';
/** identitiesEndpoints.yandexStart: a browser navigation (302 to Yandex), not a fetch. */
export const YANDEX_START_PATH = '/api/v1/auth/yandex/start';

const NONE: SignInOptions = { yandex_id: false };
let loaded: Promise<SignInOptions> | null = null;

/** Once per page load (the server sets them at start); a failure offers nothing extra and asks again later. */
export function loadSignInOptions(): Promise<SignInOptions> {
  loaded ??= fetch(SIGN_IN_OPTIONS_PATH, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { data?: Partial<SignInOptions> } | null) => ({ yandex_id: body?.data?.yandex_id === true }))
    .catch(() => {
      loaded = null;
      return NONE;
    });
  return loaded;
}

import type { TestApp } from './build-test-app';
import type { TestUser } from './factories';

/** A desktop collaborator call as the app sends it: `Authorization: Bearer`, none without a user. */
export const desktopCall = (
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  user?: TestUser | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1/desktop/organizations${url}`,
    ...(user ? { headers: { authorization: `Bearer ${user.token}` } } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

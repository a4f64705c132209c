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

/**
 * The desktop app's first step: start-adding with the accounts' e-mails, whose answer lets `user` name them
 * in finish-adding for 15 minutes (decision 0190). Unknown ids are skipped.
 */
export async function startAddingIds(t: TestApp, user: TestUser, organizationId: number, ids: number[]) {
  const accounts = await t.prisma.user.findMany({ where: { id: { in: ids } }, select: { email: true } });
  if (accounts.length === 0) return;
  const res = await desktopCall(t, 'POST', `/${organizationId}/collaborators/start-adding`, user, {
    emails: accounts.map((a) => a.email),
  });
  if (res.statusCode !== 200) throw new Error(`start-adding: ${res.statusCode} ${res.body}`);
}

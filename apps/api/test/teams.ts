import type { TestApp } from './build-test-app';
import type { TestUser } from './factories';

// Helpers of the teams tests (invitations, organization admins, ownership transfer; issue 13).

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call of the REST API as `user` (none: anonymous). */
export const restCall = (
  t: TestApp,
  method: Method,
  url: string,
  user?: TestUser | null,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1/rest${url}`,
    ...(user ? { headers: user.headers } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** The invitation links mailed to `email` so far, oldest first (the SMTP peer caught them). */
export function mailedInviteTokens(t: TestApp, email: string): string[] {
  return t.smtp
    .mailsTo(email)
    .flatMap((mail) => [...mail.text.matchAll(/http:\/\/cabinet\.test\/app\/invite\/([A-Za-z0-9_-]+)/g)])
    .map((match) => match[1] as string);
}

/** The latest invitation link mailed to `email`. */
export function lastInviteToken(t: TestApp, email: string): string {
  const token = mailedInviteTokens(t, email).at(-1);
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** Invites `email` into the organization as `by` and answers the invitation's id. */
export async function invite(t: TestApp, by: TestUser, organizationId: number, email: string, typeId = 2) {
  const res = await restCall(t, 'POST', `/organizations/${organizationId}/invitations`, by, {
    email,
    type_id: typeId,
  });
  if (res.statusCode !== 201) throw new Error(`invite ${email}: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; email: string; status: string };
}

/**
 * `by` looks `users` up by their exact e-mail (profile/search), as the web's 'Добавить пользователя' does
 * before add-member: for 15 minutes `by` may add them by id (decision 0190).
 */
export async function lookUp(t: TestApp, by: TestUser, ...users: { email: string }[]) {
  for (const user of users) {
    const res = await restCall(t, 'GET', `/profile/search?search=${encodeURIComponent(user.email)}`, by);
    if (res.statusCode !== 200 || res.json().data.length !== 1)
      throw new Error(`lookUp ${user.email}: ${res.statusCode} ${res.body}`);
  }
}

import type { Persona } from './fill/persona';

// Every call a screen makes on load, with the query string the web app sends (apps/web/src/features/*/api:
// buildUrl drops empty values, keeps the order written there). The same path is sent to the product and
// to its twin.

/** 'persona-token': the persona's personal access token as a Bearer (issue 29's scripts). */
export type Caller = 'persona' | 'persona-token' | 'admin' | 'anonymous';

export interface Call {
  name: string;
  /** The screen that makes it, for the reader of the table. */
  screen: string;
  path: string;
  caller: Caller;
}

export function screenCalls(p: Persona, avatarId: number): Call[] {
  const org = p.organizationId;
  return [
    {
      name: 'profile/me',
      screen: 'every screen (layout)',
      path: '/api/v1/rest/profile/me',
      caller: 'persona',
    },
    {
      name: 'organizations (home)',
      screen: 'home',
      path: '/api/v1/rest/organizations?page=1&perPage=20',
      caller: 'persona',
    },
    // Issue 29: a script's calls with a personal access token (Authorization: Bearer cab_pat_…).
    ...(p.accessToken
      ? [
          {
            name: 'profile/me (token)',
            screen: 'a script (personal access token)',
            path: '/api/v1/rest/profile/me',
            caller: 'persona-token' as const,
          },
          {
            name: 'organizations (token)',
            screen: 'a script (personal access token)',
            path: '/api/v1/rest/organizations?page=1&perPage=20',
            caller: 'persona-token' as const,
          },
        ]
      : []),
    {
      name: 'organizations/{id}',
      screen: 'organization settings',
      path: `/api/v1/rest/organizations/${org}`,
      caller: 'persona',
    },
    {
      name: 'desktop collaborators',
      screen: 'desktop app members list',
      path: `/api/v1/desktop/organizations/${org}/collaborators`,
      caller: 'persona',
    },
    {
      name: 'pending-users',
      screen: 'home (join requests)',
      path: '/api/v1/rest/organizations/pending-users?perPage=100',
      caller: 'persona',
    },
    {
      name: 'invitations (home)',
      screen: 'home (invitations)',
      path: '/api/v1/rest/invitations?perPage=100',
      caller: 'persona',
    },
    {
      name: 'transfers (home)',
      screen: 'home (ownership offers)',
      path: '/api/v1/rest/transfers?perPage=100',
      caller: 'persona',
    },
    {
      name: 'organizations/{id}/invitations',
      screen: 'organization settings (invitations)',
      path: `/api/v1/rest/organizations/${org}/invitations?status=pending%2Cexpired&perPage=100`,
      caller: 'persona',
    },
    {
      // The link opens signed out as often as signed in; signed out is the public path.
      name: 'invitations/token/{token}',
      screen: 'invitation link',
      path: `/api/v1/rest/invitations/token/${p.inviteToken}`,
      caller: 'anonymous',
    },
    {
      name: 'subscribes',
      screen: 'subscription',
      path: '/api/v1/rest/subscribes?perPage=100&sort_by=id&order=asc',
      caller: 'persona',
    },
    {
      name: 'payments',
      screen: 'subscription (history)',
      path: '/api/v1/rest/payments?page=1&perPage=10&status=paid',
      caller: 'persona',
    },
    {
      name: 'profile/list (admin)',
      screen: 'admin users',
      path: '/api/v1/rest/profile/list?page=1&perPage=20',
      caller: 'admin',
    },
    {
      name: 'profile/list search (admin)',
      screen: 'admin users, search typed',
      path: `/api/v1/rest/profile/list?search=${p.search}&page=1&perPage=20`,
      caller: 'admin',
    },
    {
      name: 'profile/search (admin)',
      screen: 'add member (admin)',
      path: `/api/v1/rest/profile/search?search=${p.search}&perPage=20`,
      caller: 'admin',
    },
    {
      name: 'organizations/list (admin)',
      screen: 'admin organizations',
      path: '/api/v1/rest/organizations/list?page=1&perPage=20',
      caller: 'admin',
    },
    { name: 'users-count', screen: 'admin home', path: '/api/v1/rest/admin/users-count', caller: 'admin' },
    {
      name: 'organizations-count',
      screen: 'admin home',
      path: '/api/v1/rest/admin/organizations-count',
      caller: 'admin',
    },
    {
      name: 'subscribes-count',
      screen: 'admin home',
      path: '/api/v1/rest/admin/subscribes-count',
      caller: 'admin',
    },
    // The audit log (issue 14), once its table exists: the organization's 'Журнал' and /admin/audit's
    // first page and a deep one (keyset: the cursor nine tenths down the log, decision 0145).
    ...(p.auditCursor
      ? [
          {
            name: 'organizations/{id}/audit',
            screen: 'organization settings (Журнал)',
            path: `/api/v1/rest/organizations/${org}/audit?perPage=20`,
            caller: 'persona' as const,
          },
          {
            name: 'admin/audit',
            screen: 'admin audit',
            path: '/api/v1/rest/admin/audit?perPage=20',
            caller: 'admin' as const,
          },
          {
            name: 'admin/audit deep page',
            screen: "admin audit, 'Показать ещё' far down",
            path: `/api/v1/rest/admin/audit?perPage=20&cursor=${p.auditCursor}`,
            caller: 'admin' as const,
          },
        ]
      : []),
    // The admin 'Выручка' dashboard and payments list (issue 15): the figures over every payment order.
    {
      name: 'admin/revenue',
      screen: 'admin home (Выручка)',
      path: '/api/v1/rest/admin/revenue?months=12',
      caller: 'admin',
    },
    {
      name: 'admin/payments',
      screen: 'admin payments',
      path: '/api/v1/rest/admin/payments?page=1&perPage=20',
      caller: 'admin',
    },
    {
      // 'Квитанция' in the payment history opens the printable receipt page, which loads this.
      name: 'payments/{id}/receipt',
      screen: 'printable receipt',
      path: `/api/v1/rest/payments/${p.paidOrderId}/receipt`,
      caller: 'persona',
    },
    // YooKassa (issue 28): the saved card on the subscription screen, and the result page's poll of an
    // order (a paid one: no read-back from YooKassa).
    {
      name: 'profile/payment-method',
      screen: 'subscription (Способ оплаты)',
      path: '/api/v1/rest/profile/payment-method',
      caller: 'persona',
    },
    {
      name: 'payments/orders/{label}',
      screen: 'payment result (polled every 2 s)',
      path: `/api/v1/rest/payments/orders/${p.paidOrderLabel}`,
      caller: 'persona',
    },
    {
      // An <img> sends no session: the public avatar path.
      name: 'files/download avatar',
      screen: 'every avatar',
      path: `/api/v1/files/download/${avatarId}`,
      caller: 'anonymous',
    },
  ];
}

export function headersFor(call: Call, p: Persona): Record<string, string> {
  if (call.caller === 'persona') return { 'x-session-id': p.token };
  // The product reads the Bearer; the twin, which knows no tokens, the persona's session (x-twin-session).
  if (call.caller === 'persona-token') {
    return { authorization: `Bearer ${p.accessToken ?? ''}`, 'x-twin-session': p.token };
  }
  if (call.caller === 'admin') return { 'x-session-id': p.adminToken };
  return {};
}

/**
 * Every route of spec section 2, relative to the router basename (/app). `path` is the route pattern,
 * `getHref` builds a link with its params and query. Screens never write a path by hand.
 */

/**
 * With the trailing slash, a link to '/' is '/app/', the URL the server (and Vite's base) serve the
 * cabinet at; '/app' alone would not reload.
 */
export const APP_BASENAME = '/app/';

type Query = Record<string, string | number | null | undefined>;

function withQuery(pathname: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Query-string keys the routes read. */
export const searchParamKeys = {
  loginKey: 'loginKey',
  subscribeId: 'subscribeId',
  /** The checkout's period, month or year (issue 15's renewal links: ?subscribeId=…&type=…). */
  type: 'type',
  orgName: 'orgName',
  userName: 'userName',
  subscriptionName: 'subscriptionName',
  /** The header search box (default layout) keeps its text here so list screens can filter by it. */
  search: 'search',
} as const;

const id = (value: number | string) => encodeURIComponent(String(value));

export const paths = {
  signIn: {
    name: 'auth-app',
    path: '/auth-app',
    getHref: (loginKey?: string) => withQuery('/auth-app', { [searchParamKeys.loginKey]: loginKey }),
  },
  /** Back from an organization's SSO provider (issue 30): the API's callback lands here, the answer in the fragment. */
  ssoLanding: {
    path: '/auth-app/sso',
    getHref: () => '/auth-app/sso',
  },
  /**
   * Back from an outside provider (Yandex ID, an organization's SSO; decision 0283): the API's callback
   * sends the browser here with a one-time ?code=, traded for the session. The API names it LANDING_PATH.
   */
  signInLanding: {
    path: '/auth-app/landing',
    getHref: () => '/auth-app/landing',
  },
  /** An invitation link, <PUBLIC_URL>/app/invite/<token> (issue 13): open to anyone, signed in or not. */
  invite: {
    path: '/invite/:token',
    getHref: (token: string) => `/invite/${id(token)}`,
  },
  home: {
    name: 'home-main',
    path: '/',
    getHref: () => '/',
  },
  subscription: {
    path: '/subscription',
    getHref: () => '/subscription',
  },
  subscriptionCheckout: {
    path: '/subscription/update',
    getHref: (subscribeId: number | string, type?: 'month' | 'year') =>
      withQuery('/subscription/update', {
        [searchParamKeys.subscribeId]: subscribeId,
        [searchParamKeys.type]: type,
      }),
  },
  /** Back from YooKassa: the order's outcome, polled (issue 28). */
  subscriptionResult: {
    path: '/subscription/result',
    getHref: (order: string) => withQuery('/subscription/result', { order }),
  },
  /** A payment's printable receipt (issue 15), from 'Квитанция' in the payment history. */
  paymentReceipt: {
    path: '/payments/:paymentId/receipt',
    getHref: (paymentId: number | string) => `/payments/${id(paymentId)}/receipt`,
  },
  organizationCreate: {
    path: '/organization/create',
    getHref: () => '/organization/create',
  },
  organizationCollaborators: {
    name: 'organization-collaborators',
    path: '/dashboard/organizations/:orgId/collaborators',
    getHref: (orgId: number | string, orgName?: string) =>
      withQuery(`/dashboard/organizations/${id(orgId)}/collaborators`, {
        [searchParamKeys.orgName]: orgName,
      }),
  },
  profileSettings: {
    path: '/settings/account',
    getHref: () => '/settings/account',
  },
  /** 'Безопасность' (issue 14): sessions, passkeys, the new-device mail. The API's mail links here too. */
  security: {
    path: '/settings/security',
    getHref: () => '/settings/security',
  },
  /** 'Токены доступа' (issue 29): personal access tokens for scripts. */
  tokens: {
    path: '/settings/tokens',
    getHref: () => '/settings/tokens',
  },
  /** <PUBLIC_URL>/app/device?user_code=XXXX-XXXX (issue 29): the device grant's verification page. */
  device: {
    path: '/device',
    getHref: (userCode?: string) => withQuery('/device', { user_code: userCode }),
  },
  admin: {
    root: {
      path: '/admin',
      getHref: () => '/admin',
    },
    home: {
      path: '/admin/main',
      getHref: () => '/admin/main',
    },
    users: {
      name: 'admin-users',
      path: '/admin/users',
      getHref: () => '/admin/users',
    },
    userCreate: {
      name: 'admin-create-user',
      path: '/admin/users/new',
      getHref: () => '/admin/users/new',
    },
    userSettings: {
      name: 'admin-user-settings',
      path: '/admin/users/:userId',
      getHref: (userId: number | string, userName?: string) =>
        withQuery(`/admin/users/${id(userId)}`, { [searchParamKeys.userName]: userName }),
    },
    organizations: {
      name: 'admin-organizations',
      path: '/admin/organizations',
      getHref: () => '/admin/organizations',
    },
    organizationCreate: {
      name: 'admin-create-organization',
      path: '/admin/organizations/new',
      getHref: () => '/admin/organizations/new',
    },
    organizationSettings: {
      name: 'admin-organization-settings',
      path: '/admin/organizations/:orgId',
      getHref: (orgId: number | string, orgName?: string) =>
        withQuery(`/admin/organizations/${id(orgId)}`, { [searchParamKeys.orgName]: orgName }),
    },
    plans: {
      name: 'admin-subscriptions',
      path: '/admin/subscriptions',
      getHref: () => '/admin/subscriptions',
    },
    planCreate: {
      name: 'admin-create-subscription',
      path: '/admin/subscriptions/new',
      getHref: () => '/admin/subscriptions/new',
    },
    planSettings: {
      name: 'admin-subscription-settings',
      path: '/admin/subscriptions/:subscriptionId',
      getHref: (subscriptionId: number | string, subscriptionName?: string) =>
        withQuery(`/admin/subscriptions/${id(subscriptionId)}`, {
          [searchParamKeys.subscriptionName]: subscriptionName,
        }),
    },
    audit: {
      name: 'admin-audit',
      path: '/admin/audit',
      getHref: () => '/admin/audit',
    },
    refunds: {
      name: 'admin-refunds',
      path: '/admin/refunds',
      getHref: () => '/admin/refunds',
    },
    /** Install-wide webhook endpoints (issue 31). */
    webhooks: {
      name: 'admin-webhooks',
      path: '/admin/webhooks',
      getHref: () => '/admin/webhooks',
    },
    /** The payments of every user (issue 12's admin side). */
    payments: {
      name: 'admin-payments',
      path: '/admin/payments',
      getHref: () => '/admin/payments',
    },
    profileSettings: {
      name: 'admin-settings-account',
      path: '/admin/settings/account',
      getHref: () => '/admin/settings/account',
    },
    /** 'Приложения' (issue 29): the OAuth clients. */
    applications: {
      name: 'admin-applications',
      path: '/admin/applications',
      getHref: () => '/admin/applications',
    },
    security: {
      path: '/admin/settings/security',
      getHref: () => '/admin/settings/security',
    },
  },
} as const;

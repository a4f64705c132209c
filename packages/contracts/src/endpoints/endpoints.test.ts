import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointPath } from '../endpoint';
import { listEndpoints } from './index';

const all = listEndpoints();

describe('the endpoint table', () => {
  it('has one entry per method and path', () => {
    const keys = all.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names every path parameter in its params schema, and nothing else', () => {
    for (const { name, endpoint } of all) {
      const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const inSchema =
        endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape).sort() : [];
      expect(inSchema, name).toEqual(inPath);
    }
  });

  it('gives every call a summary, a tag, roles and an answer', () => {
    for (const { name, endpoint } of all) {
      // Lower-case paths; parameter names as the issues write them ({invitationId}).
      // Issue 29's server metadata lives where RFC 8414 puts it; SCIM (issue 30) at its own base.
      if (name !== 'oauth.metadata' && !endpoint.path.startsWith('/scim/v2/'))
        expect(endpoint.path, name).toMatch(/^\/api\/(?:[a-z0-9/_-]|\{[A-Za-z_]+\})+$/);
      expect(endpoint.summary.length, name).toBeGreaterThan(5);
      expect(endpoint.tag, name).toMatch(/^[a-z-]+$/);
      expect(endpoint.roles.length, name).toBeGreaterThan(0);
      // Only pages and files are not JSON envelopes.
      if (endpoint.response === null) expect(endpoint.produces ?? endpoint.path, name).toBeTruthy();
    }
  });

  it('opens to anonymous callers only sign-in (code, passkey, SSO, Yandex ID and its landing), health, the provider, sandbox, downloads, site and invitation links', () => {
    const anonymous = all.filter(({ endpoint }) => endpoint.roles.includes('anonymous')).map((e) => e.name);
    expect(anonymous.sort()).toEqual(
      [
        'auth.login',
        // The end of a sign-in at an outside provider (issue 30): the landing's one-time code.
        'auth.landing',
        'files.download',
        'health.health',
        'health.ready',
        // Yandex ID sign-in (issue 30): browser navigations to and from Yandex.
        'identities.yandexCallback',
        'identities.yandexStart',
        'invitations.byToken',
        // The device authorization grant (issue 29): what a command-line client calls before it has a token.
        'oauth.deviceCode',
        'oauth.metadata',
        'oauth.token',
        'passkeys.loginOptions',
        'passkeys.loginVerify',
        'payments.notification',
        'payments.sandboxForm',
        'payments.sandboxPage',
        'payments.sandboxPay',
        'payments.yookassaNotification',
        'site.links',
        // SCIM 2.0 (issue 30): no session, the organization's SCIM token instead (checked by modules/scim).
        'scim.serviceProviderConfig',
        'scim.schemas',
        'scim.resourceTypes',
        'scim.users',
        'scim.createUser',
        'scim.user',
        'scim.replaceUser',
        'scim.patchUser',
        'scim.deleteUser',
        // Single sign-on (issue 30): the sign-in screen's question, the redirect out and back, the landing.
        'sso.callback',
        'sso.discover',
        'sso.finish',
        'sso.start',
        'site.signIn',
      ].sort(),
    );
  });

  it('opens to tokens only the allow-list of issue 29, never an admin call (decision 0216)', () => {
    const open = all.filter(({ endpoint }) => endpoint.tokens).map((e) => e.name);
    for (const { name, endpoint } of all.filter(({ endpoint }) => endpoint.tokens)) {
      expect(endpoint.roles, name).not.toContain('admin');
      expect(endpoint.roles, name).toContain('user');
    }
    const areas = new Set(open.map((name) => name.split('.')[0]));
    expect([...areas].sort()).toEqual(
      ['billing', 'desktop', 'files', 'invitations', 'organizations', 'payments', 'plans', 'profile'].sort(),
    );
    for (const closed of [
      'profile.delete',
      'profile.confirmEmail',
      'profile.list',
      'sessions.list',
      'passkeys.list',
      'tokens.list',
      'tokens.create',
      'oauth.decision',
      'oauth.device',
      'transfers.offer',
      'payments.settings',
      'payments.checkout',
      'auth.logout',
      'organizations.listAll',
    ]) {
      expect(open, closed).not.toContain(closed);
    }
  });

  it('takes a SCIM token only on anonymous rows under /scim/v2, and every such row takes it', () => {
    for (const { name, endpoint } of all) {
      const underScim = endpoint.path.startsWith('/scim/v2/');
      expect(endpoint.auth === 'scim-token', name).toBe(underScim);
      if (underScim) expect(endpoint.roles, name).toEqual(['anonymous']);
    }
  });

  it('fills path parameters escaped, and refuses a missing one', () => {
    const entry = { path: '/api/v1/desktop/organizations/{id}/collaborators/search/{search}' };
    expect(endpointPath(entry, { id: 7, search: 'a/b c' })).toBe(
      '/api/v1/desktop/organizations/7/collaborators/search/a%2Fb%20c',
    );
    expect(() => endpointPath(entry, { id: 7 })).toThrow(/search/);
  });
});

import { randomBytes } from 'node:crypto';
import type { TestApp } from './build-test-app';
import { createOrganization, createUser, type TestUser } from './factories';

// Helpers of the SCIM tests (issue 30). Verified domains are another part's screen: here the row is made
// directly, as it is once 'Проверить' found the TXT record.

/** The seeded 'Корп' plan: SSO and SCIM, 99 members. */
export const CORP_PLAN_ID = 3;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A domain of its own for each organization (a verified domain belongs to one organization at a time). */
export const uniqueDomain = () => `corp-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}.ru`;

export async function verifyDomain(t: TestApp, organizationId: number, domain: string) {
  await t.prisma.organizationDomain.create({
    data: { organizationId, domain, token: randomBytes(16).toString('hex'), verifiedAt: new Date() },
  });
}

export interface ScimOrganization {
  owner: TestUser;
  organizationId: number;
  domain: string;
  token: string;
  /** A SCIM call with the organization's token (or another, or none with null). */
  scim: ReturnType<typeof scimCall>;
}

/** Makes the token through the settings call, as the screen does. */
export async function makeScimToken(t: TestApp, by: TestUser, organizationId: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/rest/organizations/${organizationId}/scim-token`,
    headers: by.headers,
  });
  if (res.statusCode !== 201) throw new Error(`scim-token: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

export const scimCall =
  (t: TestApp, defaultToken: string) =>
  (method: Method, path: string, payload?: unknown, token: string | null = defaultToken) =>
    t.app.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/scim+json' } : {}),
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });

/** An owner on 'Корп' (or `planId`), their organization with a verified domain, and its SCIM token. */
export async function scimOrganization(
  t: TestApp,
  options: { planId?: number } = {},
): Promise<ScimOrganization> {
  const domain = uniqueDomain();
  const owner = await createUser(t, { email: `owner@${domain}`, planId: options.planId ?? CORP_PLAN_ID });
  const organization = await createOrganization(t, owner);
  await verifyDomain(t, organization.id, domain);
  const token = await makeScimToken(t, owner, organization.id);
  return { owner, organizationId: organization.id, domain, token, scim: scimCall(t, token) };
}

/** A SCIM User body for `email`. */
export const scimUser = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
  userName: email,
  name: { givenName: 'Иван', familyName: 'Петров' },
  active: true,
  ...extra,
});

export const patchOp = (...Operations: Record<string, unknown>[]) => ({
  schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
  Operations,
});

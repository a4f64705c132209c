import { SCIM_UNAVAILABLE } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import {
  CORP_PLAN_ID,
  makeScimToken,
  scimCall,
  scimOrganization,
  uniqueDomain,
  verifyDomain,
} from '../../../test/scim';

// The organization's SCIM token in its settings (issue 30, decision 0287): who may see and make it, shown
// once, only an HMAC kept, a new one replaces the old, its last use, the plan's word; and the token's
// request budget (429 in SCIM's shape).

let t: TestApp;
const BUDGET = 5;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { scimRequests: BUDGET } });
});
afterAll(async () => {
  await t?.close();
});

const url = (id: number) => `/api/v1/rest/organizations/${id}/scim-token`;
const get = (id: number, user?: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ url: url(id), headers: { ...(user?.headers ?? {}), ...headers } });
const post = (id: number, user?: TestUser, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: url(id), headers: { ...(user?.headers ?? {}), ...headers } });

describe('who may see and make the token', () => {
  it('owner, organization admin and site admin: yes; member 403; stranger 404; anonymous 401; access token 403', async () => {
    const owner = await createUser(t, { planId: CORP_PLAN_ID });
    const member = await createUser(t);
    const orgAdmin = await createUser(t);
    const stranger = await createUser(t);
    const org = await createOrganization(t, owner, {
      members: [{ id: member.id }, { id: orgAdmin.id, typeId: 3 }],
    });
    const siteAdmin = await createAdmin(t);
    for (const user of [owner, orgAdmin, siteAdmin]) {
      expect((await get(org.id, user)).statusCode).toBe(200);
      expect((await post(org.id, user)).statusCode).toBe(201);
    }
    expect((await get(org.id, member)).statusCode).toBe(403);
    expect((await post(org.id, member)).statusCode).toBe(403);
    expect((await get(org.id, stranger)).statusCode).toBe(404);
    expect((await post(org.id, stranger)).statusCode).toBe(404);
    expect((await get(org.id)).statusCode).toBe(401);
    expect((await post(org.id)).statusCode).toBe(401);
    const pat = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/profile/tokens',
      headers: owner.headers,
      payload: { name: 'CI', scopes: ['write'], expires_in_days: null },
    });
    const bearer = { authorization: `Bearer ${pat.json().data.token}` };
    expect((await get(org.id, undefined, bearer)).statusCode).toBe(403);
    expect((await post(org.id, undefined, bearer)).statusCode).toBe(403);
  });
});

describe('the token', () => {
  it('is shown once, kept as an HMAC; a new one replaces the old at once; last use is shown', async () => {
    const owner = await createUser(t, { planId: CORP_PLAN_ID });
    const org = await createOrganization(t, owner);
    const before = (await get(org.id, owner)).json().data;
    expect(before).toEqual({
      exists: false,
      prefix: null,
      created_at: null,
      last_used_at: null,
      available: true,
      unavailable_reason: null,
      base_url: 'http://cabinet.test/scim/v2',
    });
    const created = await post(org.id, owner);
    expect(created.json().message).toBe('Токен SCIM создан. Скопируйте его: он показан один раз');
    const first = created.json().data;
    expect(first.token).toMatch(/^cab_scim_[0-9A-Za-z]{40}$/);
    expect(first).toMatchObject({ exists: true, prefix: first.token.slice(0, 13), last_used_at: null });
    const status = await get(org.id, owner);
    expect(status.body).not.toContain(first.token);
    expect(status.json().data).toMatchObject({ exists: true, prefix: first.prefix });
    const row = await t.prisma.scimToken.findUniqueOrThrow({ where: { organizationId: org.id } });
    expect(Buffer.from(row.tokenHash).toString('hex')).not.toContain(
      Buffer.from(first.token).toString('hex'),
    );

    const scim = scimCall(t, first.token);
    expect((await scim('GET', '/Users')).statusCode).toBe(200);
    expect((await get(org.id, owner)).json().data.last_used_at).not.toBeNull();

    const second = await makeScimToken(t, owner, org.id);
    expect(second).not.toBe(first.token);
    expect((await scim('GET', '/Users')).statusCode).toBe(401);
    expect((await scimCall(t, second)('GET', '/Users')).statusCode).toBe(200);
    const events = await t.prisma.auditEvent.findMany({
      where: { action: 'scim_token.created', organizationId: org.id },
      orderBy: { id: 'asc' },
    });
    expect(events.map((e) => e.details)).toEqual([
      { prefix: first.prefix, replaced: false, replaced_prefix: null },
      { prefix: second.slice(0, 13), replaced: true, replaced_prefix: first.prefix },
    ]);
    expect(events[0]?.actorId).toBe(owner.id);
  });

  it("says why while the owner's plan has no SSO, and refuses a new token (403)", async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    expect((await get(org.id, owner)).json().data).toMatchObject({
      available: false,
      unavailable_reason: SCIM_UNAVAILABLE,
    });
    const refused = await post(org.id, owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SCIM_UNAVAILABLE);
    expect(await t.prisma.scimToken.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("sees only its own organization: another organization's token cannot reach this one's members", async () => {
    const a = await scimOrganization(t);
    const b = await scimOrganization(t);
    const listA = (await a.scim('GET', '/Users')).json();
    const listB = (await b.scim('GET', '/Users')).json();
    expect(listA.Resources.map((u: { userName: string }) => u.userName)).toEqual([a.owner.email]);
    expect(listB.Resources.map((u: { userName: string }) => u.userName)).toEqual([b.owner.email]);
    expect((await b.scim('GET', `/Users/${a.owner.id}`)).statusCode).toBe(404);
  });
});

describe('the request budget', () => {
  it(`answers 429 tooMany with Retry-After past ${BUDGET} requests a minute of one token; another token is not held`, async () => {
    const domain = uniqueDomain();
    const owner = await createUser(t, { email: `owner@${domain}`, planId: CORP_PLAN_ID });
    const org = await createOrganization(t, owner);
    await verifyDomain(t, org.id, domain);
    const scim = scimCall(t, await makeScimToken(t, owner, org.id));
    for (let i = 0; i < BUDGET; i++)
      expect((await scim('GET', '/ServiceProviderConfig')).statusCode).toBe(200);
    const limited = await scim('GET', '/Users');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '429',
      scimType: 'tooMany',
    });
    const other = await scimOrganization(t);
    expect((await other.scim('GET', '/Users')).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('lists every SCIM call with the scimToken scheme and application/scim+json answers', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { security?: unknown; responses: Record<string, { content?: object }> }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.scimToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const users = doc.paths['/scim/v2/Users/{id}'];
    expect(Object.keys(users ?? {}).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(users?.patch?.security).toEqual([{ scimToken: [] }]);
    expect(Object.keys(users?.get?.responses['200']?.content ?? {})).toEqual(['application/scim+json']);
    expect(doc.paths['/api/v1/rest/organizations/{id}/scim-token']?.post?.security).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization, createUser, uniqueEmail } from '../../../test/factories';
import { patchOp, type ScimOrganization, scimOrganization, scimUser } from '../../../test/scim';
import { WebhookReceiver } from '../../../test/webhook-receiver';
import { createSession } from '../../lib/sessions';

// SCIM 2.0 Users (issue 30; decisions 0288, 0289) on real PostgreSQL: create, filter, paging, get, put,
// patch, delete, and what each refuses, in SCIM's shapes.

let t: TestApp;
// The members' webhook events go to a real receiver (member.added / member.removed with details.via 'scim').
const receiver = new WebhookReceiver();
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      SECRETS_KEY: 'a-test-secrets-key-of-at-least-32-characters',
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  });
  await receiver.start();
});
afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A SCIM error: its status as a string, its scimType, a Russian detail, SCIM's media type. */
function expectScimError(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  scimType?: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/scim\+json/);
  const body = res.json() as Record<string, unknown>;
  expect(body.schemas).toEqual([ERROR]);
  expect(body.status).toBe(String(status));
  if (scimType) expect(body.scimType).toBe(scimType);
  else expect(body.scimType).toBeUndefined();
  expect(body.detail).toMatch(/[А-Яа-яЁё]/);
  return body;
}

let org: ScimOrganization;
beforeAll(async () => {
  org = await scimOrganization(t);
});

describe('POST /Users', () => {
  it('makes a verified account and a member (type 2), answers 201 with Location and meta', async () => {
    const email = `ivan@${org.domain}`;
    const res = await org.scim('POST', '/Users', scimUser(email.toUpperCase()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    const user = res.json();
    expect(user).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      name: { formatted: 'Иван Петров', givenName: 'Иван', familyName: 'Петров' },
      displayName: 'Иван Петров',
      active: true,
      emails: [{ value: email, type: 'work', primary: true }],
      meta: { resourceType: 'User', location: `http://cabinet.test/scim/v2/Users/${user.id}` },
    });
    expect(res.headers.location).toBe(user.meta.location);
    const account = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(String(account.id)).toBe(user.id);
    expect(account.emailVerifiedAt).not.toBeNull();
    const member = await t.prisma.member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId: org.organizationId, userId: account.id } },
    });
    expect(member).toMatchObject({ typeId: 2, status: 'active' });
    const event = await t.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'member.added', targetId: account.id, organizationId: org.organizationId },
    });
    expect(event.actorId).toBeNull();
    expect(event.details).toMatchObject({ via: 'scim', account_created: true, email });
  });

  it('takes an existing account of the domain (an unverified one is verified and loses its sessions)', async () => {
    const email = `anna@${org.domain}`;
    const existing = await t.prisma.user.create({ data: { email, vaultKey: new Uint8Array(32) } });
    await createSession(t.prisma, existing.id);
    const res = await org.scim('POST', '/Users', scimUser(email, { displayName: 'Анна Смирнова' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ id: String(existing.id), displayName: 'Анна Смирнова' });
    const account = await t.prisma.user.findUniqueOrThrow({ where: { id: existing.id } });
    expect(account.emailVerifiedAt).not.toBeNull();
    expect(await t.prisma.session.count({ where: { userId: existing.id } })).toBe(0);
  });

  it('accepts a plain JSON body too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${org.token}` },
      payload: scimUser(`json@${org.domain}`),
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses an address outside the verified domains: 400 invalidValue, nothing made', async () => {
    const email = uniqueEmail('outside');
    const res = await org.scim('POST', '/Users', scimUser(email));
    expectScimError(res, 400, 'invalidValue');
    expect(await t.prisma.user.findUnique({ where: { email } })).toBeNull();
  });

  it('refuses a member twice: 409 uniqueness', async () => {
    const email = `twice@${org.domain}`;
    expect((await org.scim('POST', '/Users', scimUser(email))).statusCode).toBe(201);
    expectScimError(await org.scim('POST', '/Users', scimUser(email)), 409, 'uniqueness');
  });

  it('refuses a body without userName or with a bad one: 400 invalidValue; not JSON: invalidSyntax', async () => {
    const { userName: _, ...noName } = scimUser('x@example.com');
    const missing = expectScimError(await org.scim('POST', '/Users', noName), 400, 'invalidValue');
    expect(missing.detail).toContain('userName');
    expectScimError(await org.scim('POST', '/Users', scimUser('не адрес')), 400, 'invalidValue');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/scim+json' },
      payload: '{"userName": ',
    });
    expectScimError(broken, 400, 'invalidSyntax');
  });
});

describe('GET /Users', () => {
  it('filters by userName (case-insensitive) and pages with startIndex and count', async () => {
    const scoped = await scimOrganization(t);
    for (const name of ['a', 'b', 'c']) {
      expect((await scoped.scim('POST', '/Users', scimUser(`${name}@${scoped.domain}`))).statusCode).toBe(
        201,
      );
    }
    const found = await scoped.scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "B@${scoped.domain}"`)}`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(found.json()).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [{ userName: `b@${scoped.domain}` }],
    });
    // The owner and three members, by join order.
    const page = (await scoped.scim('GET', '/Users?startIndex=2&count=2')).json();
    expect(page).toMatchObject({ totalResults: 4, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((u: { userName: string }) => u.userName)).toEqual([
      `a@${scoped.domain}`,
      `b@${scoped.domain}`,
    ]);
    const totalOnly = (await scoped.scim('GET', '/Users?count=0')).json();
    expect(totalOnly).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });
  });

  it("sees only its organization's members: another's member or an outside account is not found", async () => {
    const other = await scimOrganization(t);
    const theirs = `theirs@${other.domain}`;
    expect((await other.scim('POST', '/Users', scimUser(theirs))).statusCode).toBe(201);
    const outsider = await createUser(t);
    for (const email of [theirs, outsider.email]) {
      const res = await org.scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
      expect(res.json()).toMatchObject({ totalResults: 0, Resources: [] });
    }
    const theirId = (await t.prisma.user.findUniqueOrThrow({ where: { email: theirs } })).id;
    expectScimError(await org.scim('GET', `/Users/${theirId}`), 404);
    expectScimError(await org.scim('GET', `/Users/${outsider.id}`), 404);
    expectScimError(await org.scim('GET', '/Users/not-a-number'), 404);
  });

  it('refuses a filter it does not support: 400 invalidFilter', async () => {
    for (const filter of ['title eq "x"', 'userName eq', 'userName gt "a"']) {
      const res = await org.scim('GET', `/Users?filter=${encodeURIComponent(filter)}`);
      expectScimError(res, 400, 'invalidFilter');
    }
  });

  it('takes emails[type eq "work"].value and id filters', async () => {
    const email = `filters@${org.domain}`;
    const created = (await org.scim('POST', '/Users', scimUser(email))).json();
    const byEmail = await org.scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`emails[type eq "work"].value eq "${email}"`)}`,
    );
    expect(byEmail.json().Resources.map((u: { id: string }) => u.id)).toEqual([created.id]);
    const byId = await org.scim(
      'GET',
      `/Users?filter=${encodeURIComponent(`id eq "${created.id}" and active eq true`)}`,
    );
    expect(byId.json().totalResults).toBe(1);
  });
});

/** A fresh member of `org` made by SCIM; answers its SCIM User. */
async function provisioned(
  email = `m.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@${org.domain}`,
) {
  const res = await org.scim('POST', '/Users', scimUser(email));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; userName: string };
}

const isMember = async (id: string) =>
  (await t.prisma.member.count({ where: { organizationId: org.organizationId, userId: Number(id) } })) === 1;

describe('GET, PUT and PATCH /Users/{id}', () => {
  it('gets one member', async () => {
    const user = await provisioned();
    const res = await org.scim('GET', `/Users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, userName: user.userName, active: true });
  });

  it('PUT replaces the name and ignores what it does not keep; userName cannot change (mutability)', async () => {
    const user = await provisioned();
    const put = await org.scim('PUT', `/Users/${user.id}`, {
      ...scimUser(user.userName),
      name: { givenName: 'Пётр', familyName: 'Сидоров' },
      externalId: 'abc',
      title: 'Инженер',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'ИТ' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      displayName: 'Пётр Сидоров',
      name: { givenName: 'Пётр', familyName: 'Сидоров' },
    });
    const renamed = await t.prisma.user.findUniqueOrThrow({ where: { id: Number(user.id) } });
    expect(renamed.name).toBe('Пётр Сидоров');
    const audit = await t.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'profile.updated', targetId: renamed.id },
    });
    expect(audit.details).toMatchObject({ via: 'scim', name: { to: 'Пётр Сидоров' } });

    const moved = await org.scim('PUT', `/Users/${user.id}`, scimUser(`other@${org.domain}`));
    expectScimError(moved, 400, 'mutability');
  });

  it('PATCH replaces name parts with and without path, in any spelling (Entra ID sends "Replace")', async () => {
    const user = await provisioned();
    const withPath = await org.scim(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'Replace', path: 'name.givenName', value: 'Олег' }),
    );
    expect(withPath.statusCode, withPath.body).toBe(200);
    expect(withPath.json()).toMatchObject({ displayName: 'Олег Петров' });
    const without = await org.scim(
      'PATCH',
      `/Users/${user.id}`,
      patchOp({ op: 'replace', value: { Name: { FamilyName: 'Орлов' }, title: 'не хранится' } }),
    );
    expect(without.json()).toMatchObject({ displayName: 'Олег Орлов', name: { givenName: 'Олег' } });
    const urn = await org.scim(
      'PATCH',
      `/Users/${user.id}`,
      patchOp(
        {
          op: 'add',
          path: 'urn:ietf:params:scim:schemas:core:2.0:User:displayName',
          value: 'Олег Орлов-Младший',
        },
        { op: 'replace', path: 'emails[type eq "work"].value', value: 'ignored@example.com' },
      ),
    );
    expect(urn.json()).toMatchObject({ displayName: 'Олег Орлов-Младший', userName: user.userName });
  });

  it('PATCH active false (with or without path, "False" as text) removes the membership', async () => {
    for (const op of [
      { op: 'replace', path: 'active', value: false },
      { op: 'Replace', path: 'active', value: 'False' },
      { op: 'replace', value: { active: false } },
    ]) {
      const user = await provisioned();
      const res = await org.scim('PATCH', `/Users/${user.id}`, patchOp(op));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, active: false });
      expect(await isMember(user.id)).toBe(false);
      expectScimError(await org.scim('GET', `/Users/${user.id}`), 404);
      const event = await t.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'member.removed', targetId: Number(user.id) },
      });
      expect(event.details).toMatchObject({ via: 'scim' });
    }
  });

  it('PUT active false removes the membership too', async () => {
    const user = await provisioned();
    const res = await org.scim('PUT', `/Users/${user.id}`, scimUser(user.userName, { active: false }));
    expect(res.json()).toMatchObject({ active: false });
    expect(await isMember(user.id)).toBe(false);
  });

  it('refuses a bad PatchOp: a wrong op, no Operations, a wrong schema, a bad active', async () => {
    const user = await provisioned();
    expectScimError(
      await org.scim('PATCH', `/Users/${user.id}`, patchOp({ op: 'move', path: 'active' })),
      400,
      'invalidValue',
    );
    expectScimError(await org.scim('PATCH', `/Users/${user.id}`, { schemas: [] }), 400, 'invalidValue');
    expectScimError(
      await org.scim('PATCH', `/Users/${user.id}`, {
        schemas: ['urn:x'],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
      400,
      'invalidSyntax',
    );
    expectScimError(
      await org.scim(
        'PATCH',
        `/Users/${user.id}`,
        patchOp({ op: 'replace', path: 'active', value: 'maybe' }),
      ),
      400,
      'invalidValue',
    );
    expectScimError(await org.scim('PATCH', `/Users/${user.id}`, patchOp({ op: 'remove' })), 400, 'noTarget');
    expect(await isMember(user.id)).toBe(true);
  });

  it('does not rename a member outside the verified domains (mutability), but may remove them', async () => {
    const outsider = await createUser(t, { name: 'Гость Внешний' });
    await t.prisma.member.create({
      data: { organizationId: org.organizationId, userId: outsider.id, typeId: 2 },
    });
    const rename = await org.scim(
      'PATCH',
      `/Users/${outsider.id}`,
      patchOp({ op: 'replace', path: 'displayName', value: 'Чужое Имя' }),
    );
    expectScimError(rename, 400, 'mutability');
    await createSession(t.prisma, outsider.id);
    expect((await org.scim('DELETE', `/Users/${outsider.id}`)).statusCode).toBe(204);
    expect(await isMember(String(outsider.id))).toBe(false);
    // Not of the organization's domains: its sessions are the person's own business.
    expect(await t.prisma.session.count({ where: { userId: outsider.id } })).toBe(2);
  });
});

describe('DELETE /Users/{id} and deprovisioning', () => {
  it('answers 204 with no body, ends sessions and personal tokens of a domain account, emits member.removed', async () => {
    const user = await provisioned();
    const userId = Number(user.id);
    await createSession(t.prisma, userId);
    await t.prisma.personalAccessToken.create({
      data: {
        userId,
        name: 'CI',
        tokenHash: new Uint8Array(32).fill(userId % 255),
        prefix: 'cab_pat_xxxx',
        scopes: ['read'],
      },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rest/organizations/${org.organizationId}/webhooks`,
      headers: org.owner.headers,
      payload: { url: receiver.url('/scim'), event_types: ['member.added', 'member.removed'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const res = await org.scim('DELETE', `/Users/${user.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await isMember(user.id)).toBe(false);
    expect(await t.prisma.session.count({ where: { userId } })).toBe(0);
    expect(await t.prisma.personalAccessToken.count({ where: { userId } })).toBe(0);
    const event = await t.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'member.removed', targetId: userId },
    });
    expect(event.details).toMatchObject({ via: 'scim', sessions_ended: 1, tokens_revoked: 1 });
    await t.app.webhooks.flush();
    await t.app.webhooks.idle();
    const sent = receiver
      .at('/scim')
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(sent).toContainEqual(
      expect.objectContaining({
        type: 'member.removed',
        data: expect.objectContaining({ id: userId, via: 'scim' }),
      }),
    );
    await t.prisma.webhookEndpoint.deleteMany({ where: { organizationId: org.organizationId } });
    expectScimError(await org.scim('DELETE', `/Users/${user.id}`), 404);
  });

  it('never removes the owner: 403 in SCIM shape, by DELETE or active false', async () => {
    expectScimError(await org.scim('DELETE', `/Users/${org.owner.id}`), 403);
    expectScimError(
      await org.scim(
        'PATCH',
        `/Users/${org.owner.id}`,
        patchOp({ op: 'replace', path: 'active', value: false }),
      ),
      403,
    );
    expect(await isMember(String(org.owner.id))).toBe(true);
  });
});

describe('the plan and its seats', () => {
  it('refuses a member past the seats of the owner’s plan: 409 with the plan’s message', async () => {
    const plan = await t.prisma.plan.create({
      data: {
        name: `SSO на двоих ${Date.now()}`,
        priceMonth: 1,
        priceYear: 10,
        maxMembers: 2,
        maxOrganizations: 1,
        sso: true,
      },
    });
    const small = await scimOrganization(t, { planId: plan.id });
    expect((await small.scim('POST', '/Users', scimUser(`one@${small.domain}`))).statusCode).toBe(201);
    const full = expectScimError(await small.scim('POST', '/Users', scimUser(`two@${small.domain}`)), 409);
    expect(full.detail).toContain(`Тариф «${plan.name}» позволяет не более 2 участников`);
    expect(await t.prisma.user.findUnique({ where: { email: `two@${small.domain}` } })).toBeNull();
  });

  it('answers 403 in SCIM shape while the owner’s plan has no SSO; the token works again with it', async () => {
    const lapsed = await scimOrganization(t);
    await t.prisma.user.update({ where: { id: lapsed.owner.id }, data: { planId: 1 } });
    const refused = expectScimError(await lapsed.scim('GET', '/Users'), 403);
    expect(refused.detail).toContain('Единый вход (SSO) и SCIM');
    await t.prisma.user.update({ where: { id: lapsed.owner.id }, data: { planId: 3 } });
    expect((await lapsed.scim('GET', '/Users')).statusCode).toBe(200);
  });
});

describe('the token', () => {
  it('answers 401 in SCIM shape for a missing, malformed or unknown token, with WWW-Authenticate', async () => {
    for (const token of [null, 'nonsense', `cab_scim_${'A'.repeat(40)}`]) {
      const res = await org.scim('GET', '/Users', undefined, token);
      expectScimError(res, 401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="scim"');
    }
    // A session is no SCIM token.
    const session = await org.scim('GET', '/Users', undefined, org.owner.token);
    expectScimError(session, 401);
    // Before the body is read: a 401 changes nothing.
    expectScimError(await org.scim('POST', '/Users', scimUser(`nobody@${org.domain}`), 'bad'), 401);
    expect(await t.prisma.user.findUnique({ where: { email: `nobody@${org.domain}` } })).toBeNull();
  });

  it('serves the discovery documents with the token', async () => {
    const config = await org.scim('GET', '/ServiceProviderConfig');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 100 },
      bulk: { supported: false },
    });
    const schemas = (await org.scim('GET', '/Schemas')).json();
    expect(schemas.Resources[0].attributes.map((a: { name: string }) => a.name)).toContain('userName');
    const types = (await org.scim('GET', '/ResourceTypes')).json();
    expect(types.Resources).toMatchObject([{ id: 'User', endpoint: '/Users' }]);
    expectScimError(await org.scim('GET', '/Groups'), 404);
    expectScimError(await org.scim('GET', '/ServiceProviderConfig', undefined, null), 401);
  });
});

describe('a member added by hand, and join requests', () => {
  it('accepts a join request of a domain address on POST; an organization admin may be removed', async () => {
    const requester = await createUser(t, { email: `asks@${org.domain}` });
    await t.prisma.member.create({
      data: { organizationId: org.organizationId, userId: requester.id, typeId: 2, status: 'pending' },
    });
    expectScimError(await org.scim('GET', `/Users/${requester.id}`), 404);
    const res = await org.scim('POST', '/Users', scimUser(requester.email));
    expect(res.statusCode, res.body).toBe(201);
    expect(
      await t.prisma.member.findFirst({
        where: { userId: requester.id, organizationId: org.organizationId },
      }),
    ).toMatchObject({ status: 'active' });

    const admin = await createUser(t, { email: `admin@${org.domain}` });
    const other = await createOrganization(t, admin);
    await t.prisma.member.create({
      data: { organizationId: org.organizationId, userId: admin.id, typeId: 3 },
    });
    expect((await org.scim('DELETE', `/Users/${admin.id}`)).statusCode).toBe(204);
    // Their own organization stays theirs; only the sessions of the domain account ended.
    expect(await t.prisma.organization.count({ where: { id: other.id } })).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization, createUser, uniqueEmail } from '../../../test/factories';
import { patchOp, type ScimOrganization, scimOrganization, scimUser } from '../../../test/scim';
import { createSession } from '../../lib/sessions';

// SCIM 2.0 Users (issue 30; decisions 0288, 0289) on real PostgreSQL: create, filter, paging, get, put,
// patch, delete, and what each refuses, in SCIM's shapes.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A SCIM error: its status as a string, its scimType, a Russian detail, SCIM's media type. */
function expectScimError(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number, scimType?: string) {
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
      expect((await scoped.scim('POST', '/Users', scimUser(`${name}@${scoped.domain}`))).statusCode).toBe(201);
    }
    const found = await scoped.scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "B@${scoped.domain}"`)}`);
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
    const byEmail = await org.scim('GET', `/Users?filter=${encodeURIComponent(`emails[type eq "work"].value eq "${email}"`)}`);
    expect(byEmail.json().Resources.map((u: { id: string }) => u.id)).toEqual([created.id]);
    const byId = await org.scim('GET', `/Users?filter=${encodeURIComponent(`id eq "${created.id}" and active eq true`)}`);
    expect(byId.json().totalResults).toBe(1);
  });
});

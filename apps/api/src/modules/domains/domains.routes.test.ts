import { DOMAINS_PER_ORGANIZATION, TOKEN_FORBIDDEN } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import { restCall } from '../../../test/teams';

// Verified domains, without DNS (issue 30; decision 0271): who may list, add and remove them, what a domain
// may be, one organization at a time, and the audit events. The DNS check is domains.verify.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: TestUser | null, body?: unknown) =>
  restCall(t, method, url, who, body);

let counter = 0;
/** A domain no other test of this run uses. */
const freshDomain = (label = 'corp') => `${label}-${Date.now().toString(36)}-${++counter}.example`;

async function organizationWithPeople() {
  const owner = await createUser(t);
  const orgAdmin = await createUser(t);
  const member = await createUser(t);
  const org = await createOrganization(t, owner, {
    members: [{ id: orgAdmin.id, typeId: 3 }, { id: member.id }],
  });
  return { owner, orgAdmin, member, org };
}

describe('adding and listing', () => {
  it('adds a domain with its TXT record, lists it unverified, and records the event', async () => {
    const { owner, org } = await organizationWithPeople();
    const domain = freshDomain();
    const res = await call('POST', `/organizations/${org.id}/domains`, owner, { domain: ` ${domain}. ` });
    expect(res.statusCode, res.body).toBe(201);
    const added = res.json().data;
    expect(added).toMatchObject({
      domain,
      unicode: domain,
      verified: false,
      verified_at: null,
      last_checked_at: null,
      record: { type: 'TXT', name: `_cabinet-challenge.${domain}` },
    });
    expect(added.record.value).toMatch(/^cabinet-verification=[A-Za-z0-9_-]{32}$/);

    const list = await call('GET', `/organizations/${org.id}/domains`, owner);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([added]);

    const [event] = await t.prisma.auditEvent.findMany({
      where: { action: 'domain.added', targetId: added.id },
    });
    expect(event).toMatchObject({ actorId: owner.id, organizationId: org.id, targetType: 'domain' });
    expect(event?.details).toEqual({ domain });
  });

  it('lower-cases a name and turns an IDN into punycode, showing it as people write it', async () => {
    const { owner, org } = await organizationWithPeople();
    const upper = await call('POST', `/organizations/${org.id}/domains`, owner, {
      domain: 'Corp.EXAMPLE.org',
    });
    expect(upper.json().data.domain).toBe('corp.example.org');
    const idn = await call('POST', `/organizations/${org.id}/domains`, owner, { domain: 'Пример.РФ' });
    expect(idn.statusCode, idn.body).toBe(201);
    expect(idn.json().data).toMatchObject({ domain: 'xn--e1afmkfd.xn--p1ai', unicode: 'пример.рф' });
    expect(idn.json().data.record.name).toBe('_cabinet-challenge.xn--e1afmkfd.xn--p1ai');
  });

  it('refuses the same domain twice in one organization (409 on the field)', async () => {
    const { owner, org } = await organizationWithPeople();
    const domain = freshDomain();
    expect((await call('POST', `/organizations/${org.id}/domains`, owner, { domain })).statusCode).toBe(201);
    const again = await call('POST', `/organizations/${org.id}/domains`, owner, {
      domain: domain.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'Этот домен уже добавлен',
      errors: { domain: ['Этот домен уже добавлен'] },
    });
  });

  it(`keeps at most ${DOMAINS_PER_ORGANIZATION} domains in an organization`, async () => {
    const { owner, org } = await organizationWithPeople();
    await t.prisma.organizationDomain.createMany({
      data: Array.from({ length: DOMAINS_PER_ORGANIZATION }, (_, i) => ({
        organizationId: org.id,
        domain: `d${i}.${freshDomain()}`,
        token: `token-${i}`,
      })),
    });
    const res = await call('POST', `/organizations/${org.id}/domains`, owner, { domain: freshDomain() });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.domain).toEqual([
      `Не более ${DOMAINS_PER_ORGANIZATION} доменов в одной организации`,
    ]);
  });

  it('refuses a domain another organization has verified, and allows one another has only added', async () => {
    const { owner, org } = await organizationWithPeople();
    const other = await organizationWithPeople();
    const held = freshDomain('held');
    const pending = freshDomain('pending');
    await t.prisma.organizationDomain.create({
      data: { organizationId: other.org.id, domain: held, token: 'x', verifiedAt: new Date() },
    });
    await t.prisma.organizationDomain.create({
      data: { organizationId: other.org.id, domain: pending, token: 'y' },
    });
    const refused = await call('POST', `/organizations/${org.id}/domains`, owner, { domain: held });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ domain: ['Этот домен уже подтвердила другая организация'] });
    const allowed = await call('POST', `/organizations/${org.id}/domains`, owner, { domain: pending });
    expect(allowed.statusCode, allowed.body).toBe(201);
  });
});

describe('what a domain may be', () => {
  const FORMAT = 'Укажите домен без http:// и @, например example.com';
  const PUBLIC =
    'Домен общедоступной почты (Gmail, Яндекс, Mail.ru и подобные) подтвердить нельзя: укажите домен вашей организации';
  it.each([
    ['empty', { domain: '  ' }, 'Укажите домен'],
    ['missing', {}, 'Укажите домен'],
    ['a number', { domain: 42 }, 'Укажите домен'],
    ['a URL', { domain: 'https://example.com' }, FORMAT],
    ['an address', { domain: 'anna@example.com' }, FORMAT],
    ['a port', { domain: 'example.com:443' }, FORMAT],
    ['a path', { domain: 'example.com/x' }, FORMAT],
    ['one label', { domain: 'localhost' }, FORMAT],
    ['an IP address', { domain: '192.168.0.1' }, FORMAT],
    ['an empty label', { domain: 'a..example.com' }, FORMAT],
    ['a label starting with a hyphen', { domain: '-bad.example.com' }, FORMAT],
    ['an underscore', { domain: 'my_corp.example.com' }, FORMAT],
    ['a wildcard', { domain: '*.example.com' }, FORMAT],
    ['a label over 63', { domain: `${'a'.repeat(64)}.com` }, FORMAT],
    [
      'a name over 234',
      { domain: `${'a'.repeat(60)}.`.repeat(4).concat('com') },
      'Домен не длиннее 234 символов',
    ],
    ['5000 characters', { domain: 'a'.repeat(5000) }, FORMAT],
    ['gmail.com', { domain: 'gmail.com' }, PUBLIC],
    ['Yandex.RU.', { domain: 'Yandex.RU.' }, PUBLIC],
    ['mail.ru', { domain: 'mail.ru' }, PUBLIC],
    ['a name under a public one', { domain: 'corp.gmail.com' }, PUBLIC],
    ['gmx.de', { domain: 'gmx.de' }, PUBLIC],
    ['hotmail.co.uk', { domain: 'hotmail.co.uk' }, PUBLIC],
    ['an unknown field', { domain: 'example.com', verified: true }, /verified/],
  ])('400 for %s, nothing added', async (_case, body, message) => {
    const { owner, org } = await organizationWithPeople();
    const res = await call('POST', `/organizations/${org.id}/domains`, owner, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(message);
    if (typeof message === 'string') expect(res.json().errors.domain).toEqual([message]);
    expect(await t.prisma.organizationDomain.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it('400 for a bad organization or domain id', async () => {
    const { owner } = await organizationWithPeople();
    expect((await call('GET', '/organizations/abc/domains', owner)).statusCode).toBe(400);
    expect((await call('DELETE', '/organizations/1/domains/0', owner)).statusCode).toBe(400);
    expect((await call('POST', '/organizations/1/domains/x/verify', owner)).statusCode).toBe(400);
  });
});

describe('who may call', () => {
  it('owner, organization admins and site admins manage; members 403; strangers 404; anonymous 401', async () => {
    const { owner, orgAdmin, member, org } = await organizationWithPeople();
    const admin = await createAdmin(t);
    const stranger = await createUser(t);
    const base = `/organizations/${org.id}/domains`;
    for (const who of [owner, orgAdmin, admin]) {
      const added = await call('POST', base, who, { domain: freshDomain() });
      expect(added.statusCode, added.body).toBe(201);
      expect((await call('GET', base, who)).statusCode).toBe(200);
      const did = added.json().data.id;
      expect((await call('DELETE', `${base}/${did}`, who)).statusCode).toBe(200);
    }
    const kept = (await call('POST', base, owner, { domain: freshDomain() })).json().data.id as number;
    for (const [who, status] of [
      [member, 403],
      [stranger, 404],
    ] as const) {
      expect((await call('GET', base, who)).statusCode).toBe(status);
      expect((await call('POST', base, who, { domain: freshDomain() })).statusCode).toBe(status);
      expect((await call('POST', `${base}/${kept}/verify`, who)).statusCode).toBe(status);
      expect((await call('DELETE', `${base}/${kept}`, who)).statusCode).toBe(status);
    }
    expect((await call('GET', base, null)).statusCode).toBe(401);
    expect((await call('DELETE', `${base}/${kept}`, null)).statusCode).toBe(401);
    expect(await t.prisma.organizationDomain.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it('refuses personal access tokens, write scope or not (403)', async () => {
    const { owner, org } = await organizationWithPeople();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/profile/tokens',
      headers: owner.headers,
      payload: { name: 'CI', scopes: ['write'], expires_in_days: null },
    });
    expect(made.statusCode, made.body).toBe(201);
    const headers = { authorization: `Bearer ${made.json().data.token}` };
    const base = `/api/v1/rest/organizations/${org.id}/domains`;
    for (const [method, url, payload] of [
      ['GET', base, undefined],
      ['POST', base, { domain: freshDomain() }],
      ['POST', `${base}/1/verify`, undefined],
      ['DELETE', `${base}/1`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(TOKEN_FORBIDDEN);
    }
    expect(await t.prisma.organizationDomain.count({ where: { organizationId: org.id } })).toBe(0);
  });
});

describe('removing', () => {
  it('removes a verified domain, records it, and 404s another organization’s id', async () => {
    const { owner, org } = await organizationWithPeople();
    const other = await organizationWithPeople();
    const domain = freshDomain();
    const row = await t.prisma.organizationDomain.create({
      data: { organizationId: org.id, domain, token: 't', verifiedAt: new Date() },
    });
    const foreign = await t.prisma.organizationDomain.create({
      data: { organizationId: other.org.id, domain: freshDomain(), token: 't' },
    });
    const wrong = await call('DELETE', `/organizations/${org.id}/domains/${foreign.id}`, owner);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Домен не найден');

    const res = await call('DELETE', `/organizations/${org.id}/domains/${row.id}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Домен удалён', data: null });
    expect(await t.prisma.organizationDomain.findUnique({ where: { id: row.id } })).toBeNull();
    const [event] = await t.prisma.auditEvent.findMany({
      where: { action: 'domain.removed', targetId: row.id },
    });
    expect(event?.details).toEqual({ domain, was_verified: true });
    expect((await call('DELETE', `/organizations/${org.id}/domains/${row.id}`, owner)).statusCode).toBe(404);

    // Removed, the domain is free for another organization.
    const taken = await call('POST', `/organizations/${other.org.id}/domains`, other.owner, { domain });
    expect(taken.statusCode, taken.body).toBe(201);
  });
});

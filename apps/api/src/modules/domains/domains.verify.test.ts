import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { DnsServer } from '../../../test/dns-server';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import { restCall } from '../../../test/teams';
import { CHECKS_PER_DOMAIN, CHECKS_PER_ORGANIZATION } from './domains.routes';

// 'Проверить' against a real DNS server started here (issue 30; decision 0272): the API asks it through
// DNS_SERVERS, as it would ask an operator's resolvers.

const dns = new DnsServer();
let t: TestApp;
beforeAll(async () => {
  const server = await dns.start();
  t = await buildTestApp({ env: { DNS_SERVERS: server } });
});
afterAll(async () => {
  await t?.close();
  await dns.stop();
});

let counter = 0;
const freshDomain = () => `proof-${Date.now().toString(36)}-${++counter}.example`;

interface Added {
  id: number;
  domain: string;
  record: { name: string; value: string };
}

async function added(): Promise<{ owner: TestUser; organizationId: number; domain: Added; url: string }> {
  const owner = await createUser(t);
  const org = await createOrganization(t, owner);
  const res = await restCall(t, 'POST', `/organizations/${org.id}/domains`, owner, { domain: freshDomain() });
  expect(res.statusCode, res.body).toBe(201);
  const domain = res.json().data as Added;
  return {
    owner,
    organizationId: org.id,
    domain,
    url: `/organizations/${org.id}/domains/${domain.id}/verify`,
  };
}

/** No node or library text in an answer (a refusal says what to do, in Russian). */
const expectNoInternals = (body: string) =>
  expect(body).not.toMatch(/ENOTFOUND|ENODATA|ESERVFAIL|ECONNREFUSED|queryTxt|c-ares|getaddrinfo|Error:/);

describe('Проверить', () => {
  it('verifies a domain whose TXT record holds the token, among other records, and records it', async () => {
    const { owner, domain, url } = await added();
    dns.setTxt(domain.record.name, ['v=spf1 -all', domain.record.value]);
    const res = await restCall(t, 'POST', url, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Домен подтверждён');
    const data = res.json().data;
    expect(data).toMatchObject({ id: domain.id, verified: true });
    expect(Date.parse(data.verified_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.last_checked_at).toBe(data.verified_at);
    expect(dns.asked).toContain(domain.record.name);
    const events = await t.prisma.auditEvent.findMany({
      where: { action: 'domain.verified', targetId: domain.id },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: owner.id, details: { domain: domain.domain } });
  });

  it('keeps a verified domain verified after its record disappears, asking DNS no more', async () => {
    const { owner, domain, url } = await added();
    dns.setTxt(domain.record.name, domain.record.value);
    expect((await restCall(t, 'POST', url, owner)).statusCode).toBe(200);
    dns.remove(domain.record.name);
    const asked = dns.asked.length;
    const again = await restCall(t, 'POST', url, owner);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'Домен уже подтверждён', data: { verified: true } });
    expect(dns.asked.length).toBe(asked);
    expect(
      await t.prisma.auditEvent.count({ where: { action: 'domain.verified', targetId: domain.id } }),
    ).toBe(1);
  });

  it('409 when the record is missing, saying which record to add; the check time is kept', async () => {
    const { owner, domain, url } = await added();
    const res = await restCall(t, 'POST', url, owner);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      `Запись TXT ${domain.record.name} не найдена. Добавьте её в DNS домена и проверьте снова: изменения DNS иногда доходят за несколько часов.`,
    );
    expectNoInternals(res.body);
    const row = await t.prisma.organizationDomain.findUniqueOrThrow({ where: { id: domain.id } });
    expect(row.verifiedAt).toBeNull();
    expect(row.lastCheckedAt).not.toBeNull();
    // A name that exists with no TXT record is "not found" too.
    dns.setTxt(domain.record.name, []);
    expect((await restCall(t, 'POST', url, owner)).statusCode).toBe(409);
  });

  it('409 when the record holds another value (an old token, another organization’s)', async () => {
    const { owner, domain, url } = await added();
    dns.setTxt(domain.record.name, ['cabinet-verification=someone-else', `${domain.record.value}x`]);
    const res = await restCall(t, 'POST', url, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `В записи TXT ${domain.record.name} нет нужного значения. Укажите значение ${domain.record.value} и проверьте снова.`,
    );
    expect(
      (await t.prisma.organizationDomain.findUniqueOrThrow({ where: { id: domain.id } })).verifiedAt,
    ).toBeNull();
  });

  it('502 when DNS does not answer, with no error text of node', async () => {
    const { owner, domain, url } = await added();
    dns.fail(domain.record.name);
    const res = await restCall(t, 'POST', url, owner);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'DNS не ответил на запрос. Попробуйте проверить позже.',
    });
    expectNoInternals(res.body);
  });

  it('502 when the DNS server is gone (nothing listens on its port)', async () => {
    const silent = new DnsServer();
    const address = await silent.start();
    await silent.stop();
    const other = await buildTestApp({ env: { DNS_SERVERS: address } });
    try {
      const owner = await createUser(other);
      const org = await createOrganization(other, owner);
      const made = await restCall(other, 'POST', `/organizations/${org.id}/domains`, owner, {
        domain: freshDomain(),
      });
      const res = await restCall(
        other,
        'POST',
        `/organizations/${org.id}/domains/${made.json().data.id}/verify`,
        owner,
      );
      expect(res.statusCode, res.body).toBe(502);
      expectNoInternals(res.body);
    } finally {
      await other.close();
    }
  }, 30_000);

  it('409 when another organization verified the domain first; the proof record is not even asked', async () => {
    const { owner, domain, url } = await added();
    const rival = await createUser(t);
    const rivalOrg = await createOrganization(t, rival);
    await t.prisma.organizationDomain.create({
      data: { organizationId: rivalOrg.id, domain: domain.domain, token: 'r', verifiedAt: new Date() },
    });
    dns.setTxt(domain.record.name, domain.record.value);
    const asked = dns.asked.length;
    const res = await restCall(t, 'POST', url, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ domain: ['Этот домен уже подтвердила другая организация'] });
    expect(dns.asked.length).toBe(asked);
  });

  it('lets an organization admin and a site admin check; a member 403', async () => {
    const { organizationId, domain, url } = await added();
    const orgAdmin = await createUser(t);
    const member = await createUser(t);
    await t.prisma.member.createMany({
      data: [
        { organizationId, userId: orgAdmin.id, typeId: 3, status: 'active' },
        { organizationId, userId: member.id, typeId: 2, status: 'active' },
      ],
    });
    expect((await restCall(t, 'POST', url, member)).statusCode).toBe(403);
    expect((await restCall(t, 'POST', url, orgAdmin)).statusCode).toBe(409);
    dns.setTxt(domain.record.name, domain.record.value);
    expect((await restCall(t, 'POST', url, await createAdmin(t))).statusCode).toBe(200);
  });
});

describe('the check budgets', () => {
  it(`${CHECKS_PER_DOMAIN} checks a minute per domain, then 429 with Retry-After; nothing asked past it`, async () => {
    const { owner, url } = await added();
    for (let i = 0; i < CHECKS_PER_DOMAIN; i++) {
      expect((await restCall(t, 'POST', url, owner)).statusCode).toBe(409);
    }
    const asked = dns.asked.length;
    const res = await restCall(t, 'POST', url, owner);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Слишком много проверок домена\. Попробуйте через \d+ с$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(dns.asked.length).toBe(asked);
  });

  it(`${CHECKS_PER_ORGANIZATION} checks a minute per organization across its domains`, async () => {
    const { owner, organizationId, url } = await added();
    const urls = [url];
    for (let i = 0; i < 2; i++) {
      const res = await restCall(t, 'POST', `/organizations/${organizationId}/domains`, owner, {
        domain: freshDomain(),
      });
      urls.push(`/organizations/${organizationId}/domains/${res.json().data.id}/verify`);
    }
    const statuses: number[] = [];
    for (let i = 0; i < CHECKS_PER_ORGANIZATION + 1; i++) {
      statuses.push((await restCall(t, 'POST', urls[i % urls.length] as string, owner)).statusCode);
    }
    expect(statuses.slice(0, CHECKS_PER_ORGANIZATION).every((s) => s === 409)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("a stranger's calls spend nothing of an organization's budget", async () => {
    const { owner, url } = await added();
    const stranger = await createUser(t);
    for (let i = 0; i < CHECKS_PER_DOMAIN + 2; i++) {
      expect((await restCall(t, 'POST', url, stranger)).statusCode).toBe(404);
    }
    expect((await restCall(t, 'POST', url, owner)).statusCode).toBe(409);
  });
});

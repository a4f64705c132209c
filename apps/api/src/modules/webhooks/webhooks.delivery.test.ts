import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import { restCall } from '../../../test/teams';
import { WebhookReceiver } from '../../../test/webhook-receiver';
import { isRefusedAddress } from '../../adapters/address-guard';

// Issue 31, webhooks: retries with the same webhook-id, rotation, the address guard, the deliveries list and
// the retry by hand, who may call what.

const ENV = {
  SECRETS_KEY: 'a-test-secrets-key-of-at-least-32-characters',
  WEBHOOKS_ALLOW_HTTP: 'true',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
};

let t: TestApp;
let admin: TestUser;
const receiver = new WebhookReceiver();
beforeAll(async () => {
  t = await buildTestApp({ env: ENV });
  admin = await createAdmin(t);
  await receiver.start();
});
afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, user: TestUser | null, body?: unknown) =>
  restCall(t, method, url, user, body);
async function ok(method: Method, url: string, user: TestUser, body?: unknown) {
  const res = await call(method, url, user, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}
async function settle() {
  await t.app.webhooks.flush();
  await t.app.webhooks.idle();
}

/** An organization with a webhook on `path` for organization.updated; answers both and the secret. */
async function team(path: string) {
  const owner = await createUser(t);
  const org = await createOrganization(t, owner);
  const hook = await ok('POST', `/organizations/${org.id}/webhooks`, owner, {
    url: receiver.url(path),
    event_types: ['organization.updated'],
  });
  return { owner, org, hook, base: `/organizations/${org.id}/webhooks/${hook.id}` };
}

const rename = (owner: TestUser, id: number, name: string) =>
  ok('PUT', `/organizations/${id}`, owner, { name, type: 2 });

describe('delivery', () => {
  it('a receiver answering 500 then 200 gets the event again with the same webhook-id, 5 s later', async () => {
    const { owner, org, base } = await team('/flaky');
    receiver.answers.push(500);
    await rename(owner, org.id, 'Раз');
    await settle();
    expect(receiver.at('/flaky')).toHaveLength(1);
    const [delivery] = (await ok('GET', `${base}/deliveries`, owner)).items;
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 });
    expect(delivery.tries[0].response.length).toBe(2048);
    expect(new Date(delivery.next_attempt_at).getTime() - new Date(delivery.tries[0].at).getTime()).toBe(
      5000,
    );

    t.setNow(new Date(Date.now() + 6000));
    await t.app.jobs.run('webhook-deliveries');
    t.setNow(null);
    const [first, second] = receiver.at('/flaky');
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    const [after] = (await ok('GET', `${base}/deliveries`, owner)).items;
    expect(after).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      last_status: 200,
      next_attempt_at: null,
    });
  });

  it('retries at 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, then fails', async () => {
    const { owner, org, base } = await team('/down');
    receiver.answers.push(...Array(7).fill(503));
    await rename(owner, org.id, 'Два');
    await settle();
    let at = Date.now();
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [d] = (await ok('GET', `${base}/deliveries`, owner)).items;
      const wait = new Date(d.next_attempt_at).getTime() - new Date(d.tries.at(-1).at).getTime();
      waits.push(wait / 1000);
      at += wait + 1000;
      t.setNow(new Date(at));
      await t.app.jobs.run('webhook-deliveries');
    }
    t.setNow(null);
    expect(waits).toEqual([5, 300, 1800, 7200, 18000, 36000]);
    const [d] = (await ok('GET', `${base}/deliveries`, owner)).items;
    expect(d).toMatchObject({ status: 'failed', attempts: 7, next_attempt_at: null });
    expect(receiver.at('/down')).toHaveLength(7);
  });

  it('signs with both secrets for 24 h after a rotation; each verifies with standardwebhooks', async () => {
    const { owner, org, base } = await team('/rotate');
    const { secret: old } = await ok('GET', `${base}/secret`, owner);
    const rotated = await ok('POST', `${base}/rotate-secret`, owner);
    expect(rotated.secret).not.toBe(old);
    expect(rotated.previous_secret_until).not.toBeNull();
    await rename(owner, org.id, 'Три');
    await settle();
    const [request] = receiver.at('/rotate');
    const headers = request?.headers as Record<string, string>;
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(old).verify(request?.body ?? '', headers)).toMatchObject({
      type: 'organization.updated',
    });
    expect(new Webhook(rotated.secret).verify(request?.body ?? '', headers)).toBeTruthy();

    t.setNow(new Date(Date.now() + 25 * 3600_000));
    await rename(owner, org.id, 'Четыре');
    await settle();
    t.setNow(null);
    const later = receiver.at('/rotate')[1];
    const laterHeaders = later?.headers as Record<string, string>;
    expect(laterHeaders['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(() => new Webhook(old).verify(later?.body ?? '', laterHeaders)).toThrow();
    expect(new Webhook(rotated.secret).verify(later?.body ?? '', laterHeaders)).toBeTruthy();
  });

  it("'Тест' sends at once; deliveries are listed in keyset pages and retried by hand under the same id", async () => {
    const { owner, base } = await team('/test');
    receiver.answers.push(500);
    const tested = await ok('POST', `${base}/test`, owner);
    expect(tested).toMatchObject({ event_type: 'webhook.test', status: 'pending', last_status: 500 });
    for (let i = 0; i < 2; i++) await ok('POST', `${base}/test`, owner);
    const page1 = await ok('GET', `${base}/deliveries?limit=2`, owner);
    expect(page1.items).toHaveLength(2);
    expect(page1.next_before).toBe(page1.items[1].id);
    const page2 = await ok('GET', `${base}/deliveries?limit=2&before=${page1.next_before}`, owner);
    expect(page2.items.map((d: { id: number }) => d.id)).toEqual([tested.id]);
    expect(page2.next_before).toBeNull();

    const retried = await ok('POST', `${base}/deliveries/${tested.id}/retry`, owner);
    expect(retried).toMatchObject({ id: tested.id, status: 'succeeded', attempts: 2, last_status: 200 });
    const sent = receiver.at('/test').filter((r) => r.headers['webhook-id'] === tested.message_id);
    expect(sent).toHaveLength(2);
  });

  it('an endpoint failing for 5 days is disabled and its owner is mailed', async () => {
    const { owner, org, hook, base } = await team('/dead');
    receiver.answers.push(500, 500);
    await rename(owner, org.id, 'Пять');
    await settle();
    await t.prisma.webhookEndpoint.update({
      where: { id: hook.id },
      data: { failingSince: new Date(Date.now() - 5 * 24 * 3600_000 - 1000) },
    });
    t.setNow(new Date(Date.now() + 6000));
    await t.app.jobs.run('webhook-deliveries');
    t.setNow(null);
    expect((await ok('GET', base, owner)).enabled).toBe(false);
    await t.app.outbox.idle();
    await expect
      .poll(() => t.smtp.mailsTo(owner.email).map((m) => m.subject))
      .toContain('Вебхук отключён: адрес не отвечает 5 дней');
  });
});

describe('SSRF', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
  ])('refuses %s', (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])(
    'lets %s through',
    (a) => {
      expect(isRefusedAddress(a)).toBe(false);
    },
  );

  it('a private address is refused at delivery and the refusal recorded; http is refused unless allowed', async () => {
    const { owner, base } = await team('/private');
    t.env.WEBHOOKS_ALLOW_PRIVATE = false;
    try {
      const tested = await ok('POST', `${base}/test`, owner);
      expect(tested.status).toBe('pending');
      expect(tested.last_error).toMatch(
        /^refused: the address (::1|127\.0\.0\.1) of localhost is not allowed/,
      );
      expect(tested.tries[0].status_code).toBeNull();
    } finally {
      t.env.WEBHOOKS_ALLOW_PRIVATE = true;
    }
    expect(receiver.at('/private')).toEqual([]);

    t.env.WEBHOOKS_ALLOW_HTTP = false;
    try {
      const res = await call('PUT', base, owner, { url: 'http://example.com/hook' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.url).toEqual(['Адрес должен начинаться с https://']);
    } finally {
      t.env.WEBHOOKS_ALLOW_HTTP = true;
    }
  });
});

describe('who may call what', () => {
  it('owners, organization admins and site admins manage; members 403, strangers 404, users not /admin', async () => {
    const member = await createUser(t);
    const orgAdmin = await createUser(t);
    const stranger = await createUser(t);
    const owner = await createUser(t);
    const org = await createOrganization(t, owner, {
      members: [{ id: member.id }, { id: orgAdmin.id, typeId: 3 }],
    });
    const body = { url: receiver.url('/acl'), event_types: ['member.added'] };
    const base = `/organizations/${org.id}/webhooks`;
    expect((await call('POST', base, member, body)).statusCode).toBe(403);
    expect((await call('GET', base, stranger)).statusCode).toBe(404);
    const created = await ok('POST', base, orgAdmin, body);
    expect((await call('GET', `${base}/${created.id}/secret`, member)).statusCode).toBe(403);
    expect((await ok('GET', `${base}/${created.id}/secret`, admin)).secret).toBe(created.secret);
    expect((await call('GET', '/admin/webhooks', owner)).statusCode).toBe(403);
    expect((await call('GET', base, null)).statusCode).toBe(401);
    // Another organization's id under this one is 404; install-wide types are refused for an organization.
    const wide = await ok('POST', '/admin/webhooks', admin, body);
    expect((await call('GET', `${base}/${wide.id}`, owner)).statusCode).toBe(404);
    const bad = await call('POST', base, owner, { ...body, event_types: ['user.created'] });
    expect(bad.statusCode).toBe(400);
    expect((await call('POST', base, owner, { ...body, event_types: ['nope'] })).statusCode).toBe(400);
    expect((await ok('GET', base, owner)).map((w: { id: number }) => w.id)).toEqual([created.id]);
    await ok('DELETE', `${base}/${created.id}`, owner);
    expect((await call('GET', `${base}/${created.id}`, owner)).statusCode).toBe(404);
  });

  it('without SECRETS_KEY no endpoint can be added', async () => {
    const key = t.env.SECRETS_KEY;
    t.env.SECRETS_KEY = undefined;
    try {
      const res = await call('POST', '/admin/webhooks', admin, {
        url: receiver.url('/x'),
        event_types: ['user.created'],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Вебхуки недоступны: администратор не задал SECRETS_KEY');
    } finally {
      t.env.SECRETS_KEY = key;
    }
  });
});

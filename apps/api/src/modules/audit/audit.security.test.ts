import type { AuditAction } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser, uniqueEmail } from '../../../test/factories';
import { CHROME_ON_WINDOWS, codeSignIn, SAFARI_ON_IPHONE, sessionHeaders } from '../../../test/sign-in';
import { SoftwareAuthenticator } from '../../../test/webauthn';

// The security verbs of issue 14 write their audit events (decision 0136): sessions ended by their owner
// or a site admin, the security settings, and passkeys added, renamed and removed, each with its actor,
// object and details (never a token, a challenge, a credential id or a key), and none after a refused call.

const ORIGIN = 'http://cabinet.test';
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: ORIGIN } });
  admin = await createAdmin(t, { name: 'Админ' });
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: sessionHeaders(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function ok(method: Method, url: string, token: string, payload?: unknown) {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

/** The events of `action` whose details name account `userId` or whose target is `targetId`. */
const events = (action: AuditAction, where: { targetId?: number; actorId?: number }) =>
  t.prisma.auditEvent.findMany({ where: { action, ...where }, orderBy: { id: 'asc' } });

async function onlyEvent(action: AuditAction, where: { targetId?: number; actorId?: number }) {
  const found = await events(action, where);
  expect(found, action).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[number]>;
}

/** Text of rows (their ids are BigInts). */
const text = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v));

const sessions = '/api/v1/rest/profile/sessions';

/** An account signed in on a laptop and a phone: both tokens and session ids. */
async function twoDevices() {
  const email = uniqueEmail('devices');
  const laptop = await codeSignIn(t, email, { userAgent: CHROME_ON_WINDOWS });
  const phone = await codeSignIn(t, email, { userAgent: SAFARI_ON_IPHONE, ip: '203.0.113.9' });
  const list = (await ok('GET', sessions, laptop.access_token)) as { id: number; current: boolean }[];
  const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
  return {
    user,
    laptop: laptop.access_token,
    phone: phone.access_token,
    phoneId: list.find((s) => !s.current)?.id ?? 0,
    laptopId: list.find((s) => s.current)?.id ?? 0,
  };
}

describe('sessions', () => {
  it('one ended from the list: the owner acts, on the session, with its device words', async () => {
    const { user, laptop, phone, phoneId } = await twoDevices();
    const stranger = await createUser(t);
    // Someone else's session is 404, exactly as an unknown one: nothing recorded.
    expect((await call('DELETE', `${sessions}/${phoneId}`, stranger.token)).statusCode).toBe(404);
    expect(await events('session.revoked', { targetId: phoneId })).toHaveLength(0);

    await ok('DELETE', `${sessions}/${phoneId}`, laptop);
    expect((await call('DELETE', `${sessions}/${phoneId}`, laptop)).statusCode).toBe(404);
    const ended = await onlyEvent('session.revoked', { targetId: phoneId });
    expect(ended).toMatchObject({
      actorId: user.id,
      actorEmail: user.email,
      targetType: 'session',
      organizationId: null,
      ip: '127.0.0.1',
      details: { user_id: user.id, device: 'Safari 17, iOS' },
    });
    expect(text(ended)).not.toContain(phone);
  });

  it('every other one ended at once: one event with the count; nothing to end records nothing', async () => {
    const { user, laptop } = await twoDevices();
    await codeSignIn(t, user.email, { userAgent: CHROME_ON_WINDOWS, ip: '198.51.100.4' });
    expect(await ok('POST', `${sessions}/revoke-others`, laptop)).toEqual({ count: 2 });
    expect(await ok('POST', `${sessions}/revoke-others`, laptop)).toEqual({ count: 0 });
    expect(await onlyEvent('session.revoked', { actorId: user.id })).toMatchObject({
      targetType: 'session',
      targetId: null,
      details: { user_id: user.id, count: 2 },
    });
  });

  it("a site admin ends a user's session: the admin acts; a session of someone else's is 404 and leaves none", async () => {
    const { user, phoneId } = await twoDevices();
    const other = await createUser(t);
    const adminUrl = (userId: number) => `/api/v1/rest/admin/users/${userId}/sessions/${phoneId}`;
    expect((await call('DELETE', adminUrl(other.id), admin.token)).statusCode).toBe(404);
    expect(await events('session.revoked', { targetId: phoneId })).toHaveLength(0);
    // Not an admin: 403, nothing.
    expect((await call('DELETE', adminUrl(user.id), other.token)).statusCode).toBe(403);

    await ok('DELETE', adminUrl(user.id), admin.token);
    expect(await onlyEvent('session.revoked', { targetId: phoneId })).toMatchObject({
      actorId: admin.id,
      actorName: 'Админ',
      details: { user_id: user.id, device: 'Safari 17, iOS' },
    });
  });
});

describe('security settings', () => {
  it('a real change of the new-device mail is recorded; the same value again or bad input is not', async () => {
    const user = await createUser(t);
    const url = '/api/v1/rest/profile/security-settings';
    expect((await call('PUT', url, user.token, { new_device_mail: 'нет' })).statusCode).toBe(400);
    await ok('PUT', url, user.token, { new_device_mail: true }); // already on
    expect(await events('security_settings.updated', { targetId: user.id })).toHaveLength(0);
    await ok('PUT', url, user.token, { new_device_mail: false });
    await ok('PUT', url, user.token, { new_device_mail: false });
    expect(await onlyEvent('security_settings.updated', { targetId: user.id })).toMatchObject({
      actorId: user.id,
      targetType: 'user',
      details: { new_device_mail: { from: true, to: false } },
    });
  });
});

describe('passkeys', () => {
  it('added, renamed and removed, by name only; another account is refused and leaves none', async () => {
    const user = await createUser(t);
    const stranger = await createUser(t);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await ok('POST', '/api/v1/auth/passkey/register/options', user.token);
    const added = await ok('POST', '/api/v1/auth/passkey/register/verify', user.token, {
      response: device.register(options),
      name: 'Ноутбук',
    });
    const event = await onlyEvent('passkey.added', { targetId: added.id });
    expect(event).toMatchObject({
      actorId: user.id,
      targetType: 'passkey',
      organizationId: null,
      details: { name: 'Ноутбук' },
    });
    // Neither the credential id, nor its public key, nor the challenge is in the event.
    const stored = await t.prisma.passkey.findUniqueOrThrow({ where: { id: added.id } });
    expect(text(event)).not.toContain(stored.credentialId);
    expect(text(event)).not.toContain(options.challenge);
    expect(Object.keys(event.details as object)).toEqual(['name']);

    const one = `/api/v1/rest/profile/passkeys/${added.id}`;
    expect((await call('PUT', one, stranger.token, { name: 'Чужой' })).statusCode).toBe(404);
    await ok('PUT', one, user.token, { name: 'Рабочий ноутбук' });
    await ok('PUT', one, user.token, { name: 'Рабочий ноутбук' }); // no change, no event
    expect(await onlyEvent('passkey.renamed', { targetId: added.id })).toMatchObject({
      actorId: user.id,
      details: { name: { from: 'Ноутбук', to: 'Рабочий ноутбук' } },
    });

    expect((await call('DELETE', one, stranger.token)).statusCode).toBe(404);
    expect(await events('passkey.removed', { targetId: added.id })).toHaveLength(0);
    await ok('DELETE', one, user.token);
    expect((await call('DELETE', one, user.token)).statusCode).toBe(404);
    expect(await onlyEvent('passkey.removed', { targetId: added.id })).toMatchObject({
      actorId: user.id,
      details: { name: 'Рабочий ноутбук' },
    });
  });
});

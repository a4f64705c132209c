import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { uniqueEmail } from '../../../test/factories';
import { loadEnv } from '../../env';
import { adminRule, adminRuleNotice, isLoopbackAddress } from './first-admin';

// "The first account to complete sign-in becomes admin" holds only for the quick start: ADMIN_EMAILS empty,
// a loopback-only server, no proxy, and a sign-in from this machine (decision 0081).

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function signIn(app: TestApp, email: string, remoteAddress = '127.0.0.1') {
  const login = (payload: object) =>
    app.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload });
  const before = app.smtp.mailsTo(email).length;
  expect((await login({ email })).statusCode).toBe(200);
  const code = await app.smtp.nextCode(email, before);
  const res = await login({ email, code });
  expect(res.statusCode, res.body).toBe(200);
}

const typeOf = async (app: TestApp, email: string) =>
  (await app.prisma.user.findUniqueOrThrow({ where: { email } })).typeId;

describe('first account is admin', () => {
  it('holds for the quick start: loopback server, no proxy, sign-in from this machine', async () => {
    t = await buildTestApp({ env: { HOST: '127.0.0.1' } });
    // A sign-in from elsewhere (possible only through a port forward) does not take the admin seat.
    const remote = uniqueEmail('remote');
    await signIn(t, remote, '192.0.2.10');
    expect(await typeOf(t, remote)).toBe(1);

    const first = uniqueEmail('first');
    await signIn(t, first, '127.0.0.1');
    expect(await typeOf(t, first)).toBe(2);
    const second = uniqueEmail('second');
    await signIn(t, second, '127.0.0.1');
    expect(await typeOf(t, second)).toBe(1);
  });

  it('counts ::1 and an IPv4-mapped loopback as this machine', async () => {
    t = await buildTestApp({ env: { HOST: '::1' } });
    const first = uniqueEmail('v6');
    await signIn(t, first, '::ffff:127.0.0.1');
    expect(await typeOf(t, first)).toBe(2);
  });

  it('promotes nobody when the server listens beyond loopback', async () => {
    t = await buildTestApp({ env: { HOST: '0.0.0.0' } });
    const first = uniqueEmail('first');
    await signIn(t, first, '127.0.0.1');
    expect(await typeOf(t, first)).toBe(1);
  });

  it('promotes nobody behind a proxy (TRUST_PROXY set), even for a request that looks local', async () => {
    t = await buildTestApp({ env: { HOST: '127.0.0.1', TRUST_PROXY: '127.0.0.1' } });
    const first = uniqueEmail('first');
    await signIn(t, first, '127.0.0.1');
    expect(await typeOf(t, first)).toBe(1);
  });

  it('with ADMIN_EMAILS set promotes only those, never the first account', async () => {
    t = await buildTestApp({ env: { HOST: '127.0.0.1', ADMIN_EMAILS: 'chief@example.com' } });
    const first = uniqueEmail('first');
    await signIn(t, first, '127.0.0.1');
    expect(await typeOf(t, first)).toBe(1);
    await signIn(t, 'chief@example.com', '192.0.2.20');
    expect(await typeOf(t, 'chief@example.com')).toBe(2);
  });
});

describe('the rule and its start-up notice', () => {
  const rule = (env: Record<string, string>) => adminRule(loadEnv(env));

  it('is in force only with every condition', () => {
    expect(rule({})).toBe('first-local-account');
    expect(rule({ HOST: 'localhost' })).toBe('first-local-account');
    expect(rule({ HOST: '0.0.0.0' })).toBe('none');
    expect(rule({ HOST: '::' })).toBe('none');
    expect(rule({ HOST: '192.168.1.5' })).toBe('none');
    expect(rule({ TRUST_PROXY: '1' })).toBe('none');
    expect(rule({ ADMIN_EMAILS: 'a@example.com', HOST: '0.0.0.0' })).toBe('listed');
  });

  it('tells the operator to set ADMIN_EMAILS when nobody will be promoted', () => {
    const notice = adminRuleNotice(loadEnv({ HOST: '0.0.0.0' }));
    expect(notice.level).toBe('warn');
    expect(notice.message).toMatch(/nobody will become admin.*0\.0\.0\.0.*Set ADMIN_EMAILS/);
    expect(adminRuleNotice(loadEnv({ TRUST_PROXY: '10.0.0.0/8' })).message).toMatch(/TRUST_PROXY/);
    expect(adminRuleNotice(loadEnv({})).message).toMatch(/first account .* from this machine/);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
    ['', false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

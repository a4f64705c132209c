import sodium from 'libsodium-wrappers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser, uniqueEmail } from '../../../test/factories';
import { CHROME_ON_WINDOWS, SAFARI_ON_IPHONE, sessionHeaders } from '../../../test/sign-in';
import { type CeremonyOptions, SoftwareAuthenticator } from '../../../test/webauthn';
import { PASSKEYS_MAX } from './passkey-registration';

// Passkeys (issue 14, decision 0142) against a software authenticator: the server's real WebAuthn checks.

const ORIGIN = 'http://cabinet.test';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: ORIGIN, ADMIN_EMAILS: 'passkey-boss@example.com' } });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const auth = '/api/v1/auth/passkey';
const mine = '/api/v1/rest/profile/passkeys';

async function registrationOptions(user: TestUser) {
  const res = await post(`${auth}/register/options`, undefined, user.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A user with a passkey on `device`. */
async function register(
  user: TestUser,
  device = new SoftwareAuthenticator(ORIGIN),
  name = 'Ноутбук',
  ceremony: CeremonyOptions = {},
) {
  const options = await registrationOptions(user);
  const res = await post(
    `${auth}/register/verify`,
    { response: device.register(options, ceremony), name },
    user.headers,
  );
  return { res, device };
}

async function loginOptions(body?: unknown) {
  const res = await post(`${auth}/login/options`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function passkeySignIn(
  device: SoftwareAuthenticator,
  ceremony: CeremonyOptions = {},
  extra: { loginKey?: string; userAgent?: string } = {},
) {
  const options = await loginOptions();
  const response = device.authenticate(options, undefined, ceremony);
  return post(
    `${auth}/login/verify`,
    { response, ...(extra.loginKey ? { loginKey: extra.loginKey } : {}) },
    extra.userAgent ? { 'user-agent': extra.userAgent } : {},
  );
}

const me = (token: string) =>
  t.app.inject({ url: '/api/v1/rest/profile/me', headers: sessionHeaders(token) });

describe('registration', () => {
  it('offers creation options for a discoverable, user-verifying credential bound to PUBLIC_URL', async () => {
    const user = await createUser(t, { name: 'Анна' });
    const options = await registrationOptions(user);
    expect(options.rp).toEqual({ name: 'Личный кабинет', id: 'cabinet.test' });
    expect(options.user).toMatchObject({ name: user.email, displayName: 'Анна' });
    // The user handle is random, not the id or the e-mail, and stays the same.
    const handle = Buffer.from(options.user.id, 'base64url');
    expect(handle).toHaveLength(32);
    expect(handle.toString('latin1')).not.toContain(user.email);
    expect((await registrationOptions(user)).user.id).toBe(options.user.id);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.attestation).toBe('none');
    expect(options.timeout).toBe(300_000);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toContain(-7);
    expect(options.excludeCredentials).toEqual([]);
  });

  it('keeps a verified credential as a named passkey, listed newest first', async () => {
    const user = await createUser(t);
    const { res, device } = await register(user, undefined, '  Рабочий ноутбук  ');
    expect(res.statusCode, res.body).toBe(201);
    const passkey = res.json().data;
    expect(res.json().message).toBe('Ключ доступа добавлен');
    expect(passkey).toEqual({
      id: expect.any(Number),
      name: 'Рабочий ноутбук',
      created_at: expect.any(String),
      last_used_at: null,
    });
    const second = (await register(user, device, 'Телефон')).res.json().data;
    const list = await t.app.inject({ url: mine, headers: user.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([second.id, passkey.id]);
    expect(list.json().meta).toEqual({ page: 1, pages: 1, perPage: 20, total: 2 });
    // The next options exclude the credentials the account has.
    const options = await registrationOptions(user);
    expect(options.excludeCredentials.map((c: { id: string }) => c.id).sort()).toEqual(
      device.credentials.map((c) => c.id.toString('base64url')).sort(),
    );
  });

  it('uses a challenge once: the same answer again is refused', async () => {
    const user = await createUser(t);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await registrationOptions(user);
    const response = device.register(options);
    expect((await post(`${auth}/register/verify`, { response, name: 'Раз' }, user.headers)).statusCode).toBe(
      201,
    );
    const again = await post(`${auth}/register/verify`, { response, name: 'Два' }, user.headers);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Время на подтверждение истекло, попробуйте ещё раз');
  });

  it('refuses a challenge older than 5 minutes', async () => {
    const user = await createUser(t);
    const options = await registrationOptions(user);
    await t.prisma.webauthnChallenge.updateMany({
      where: { challenge: options.challenge },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const response = new SoftwareAuthenticator(ORIGIN).register(options);
    const res = await post(`${auth}/register/verify`, { response, name: 'Ключ' }, user.headers);
    expect(res.statusCode).toBe(400);
    expect(await t.prisma.passkey.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses another account's challenge, another origin, no user verification and a sign-in answer", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const device = new SoftwareAuthenticator(ORIGIN);
    const theirs = device.register(await registrationOptions(other));
    expect(
      (await post(`${auth}/register/verify`, { response: theirs, name: 'x' }, user.headers)).statusCode,
    ).toBe(400);
    for (const ceremony of [
      { origin: 'http://evil.test' },
      { userVerified: false },
      { type: 'webauthn.get' },
    ] satisfies CeremonyOptions[]) {
      const { res } = await register(user, device, 'Ключ', ceremony);
      expect(res.statusCode, JSON.stringify(ceremony)).toBe(400);
      expect(res.json().message).toBe('Не удалось проверить ключ доступа, попробуйте ещё раз');
    }
    expect(await t.prisma.passkey.count({ where: { userId: { in: [user.id, other.id] } } })).toBe(0);
  });

  it('refuses a credential id that is registered already, to any account', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { res, device } = await register(user);
    expect(res.statusCode).toBe(201);
    const options = await registrationOptions(other);
    const response = device.register(options);
    const first = device.credentials[0]!.id.toString('base64url');
    const copy = { ...response, id: first, rawId: first };
    // The attested credential id is inside the signed data: forge it there too.
    const stolen = await post(`${auth}/register/verify`, { response: copy, name: 'Чужой' }, other.headers);
    expect(stolen.statusCode).toBe(400);
    // The very same credential again, by another account or the same one: 409.
    const reused = device.register(await registrationOptions(other), { reuse: device.credentials[0] });
    const twice = await post(`${auth}/register/verify`, { response: reused, name: 'Два' }, other.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Этот ключ доступа уже добавлен');
    const again = device.register(await registrationOptions(user), { reuse: device.credentials[0] });
    expect(
      (await post(`${auth}/register/verify`, { response: again, name: 'Три' }, user.headers)).statusCode,
    ).toBe(409);
    expect(await t.prisma.passkey.count({ where: { userId: { in: [user.id, other.id] } } })).toBe(1);
  });

  it(`refuses more than ${PASSKEYS_MAX} passkeys per account with 409`, async () => {
    const user = await createUser(t);
    await t.prisma.passkey.createMany({
      data: Array.from({ length: PASSKEYS_MAX }, (_, i) => ({
        userId: user.id,
        credentialId: `filler-${user.id}-${i}`,
        publicKey: Uint8Array.from([1]),
        deviceType: 'singleDevice',
        backedUp: false,
        name: `Ключ ${i}`,
      })),
    });
    const res = await post(`${auth}/register/options`, undefined, user.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Можно добавить не более ${PASSKEYS_MAX} ключей доступа`);
  });

  it('checks the name and the answer, with 400 and Russian messages', async () => {
    const user = await createUser(t);
    const device = new SoftwareAuthenticator(ORIGIN);
    const response = device.register(await registrationOptions(user));
    const noName = await post(`${auth}/register/verify`, { response }, user.headers);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.name).toEqual(['Обязательное поле']);
    const long = await post(`${auth}/register/verify`, { response, name: 'Я'.repeat(65) }, user.headers);
    expect(long.json().errors.name).toEqual(['Название не должно превышать 64 символов']);
    for (const bad of [{}, { ...response, type: 'password' }, { ...response, response: {} }, 'x']) {
      const res = await post(`${auth}/register/verify`, { response: bad, name: 'Ключ' }, user.headers);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    // None of those used the challenge: the good answer still registers.
    expect((await post(`${auth}/register/verify`, { response, name: 'Ключ' }, user.headers)).statusCode).toBe(
      201,
    );
  });

  it('needs a session', async () => {
    expect((await post(`${auth}/register/options`)).statusCode).toBe(401);
    expect((await post(`${auth}/register/verify`, { response: {}, name: 'x' })).statusCode).toBe(401);
  });
});

describe('sign-in', () => {
  it('gives the same options for any e-mail, or none: nothing tells who has a passkey', async () => {
    const user = await createUser(t);
    await register(user);
    const shapes = await Promise.all(
      [undefined, {}, { email: user.email }, { email: uniqueEmail('nobody') }].map(async (body) => {
        const options = await loginOptions(body);
        expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
        return { ...options, challenge: '' };
      }),
    );
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
    expect(shapes[0]).toEqual({
      challenge: '',
      rpId: 'cabinet.test',
      timeout: 300_000,
      userVerification: 'required',
    });
    expect((await post(`${auth}/login/options`, { email: 'not an e-mail' })).statusCode).toBe(400);
    expect((await post(`${auth}/login/options`, { email: user.email, x: 1 })).statusCode).toBe(400);
  });

  it('opens a session like a code sign-in, with its device, and marks the passkey used', async () => {
    const user = await createUser(t);
    const { res: registered, device } = await register(user);
    const res = await passkeySignIn(device, {}, { userAgent: CHROME_ON_WINDOWS });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Авторизация прошла успешно');
    expect(body.data.code).toBe(body.data.access_token);
    expect(body.data.electronUrl).toBe(
      `insomnia://app/auth/finish?box=${encodeURIComponent(body.data.code)}`,
    );
    expect(body.data.key_fingerprint).toBeNull();
    expect((await me(body.data.access_token)).json().data.email).toBe(user.email);

    const sessions = await t.app.inject({
      url: '/api/v1/rest/profile/sessions',
      headers: sessionHeaders(body.data.access_token),
    });
    expect(sessions.json().data[0]).toMatchObject({
      device: 'Chrome 142, Windows',
      is_desktop: false,
      current: true,
    });
    const [passkey] = (await t.app.inject({ url: mine, headers: user.headers })).json().data;
    expect(passkey.id).toBe(registered.json().data.id);
    expect(passkey.last_used_at).not.toBeNull();
    const row = await t.prisma.passkey.findUniqueOrThrow({ where: { id: passkey.id } });
    expect(row.counter).toBe(1n);
  });

  it('hands the session to a desktop app in a sealed box', async () => {
    await sodium.ready;
    const keys = sodium.crypto_box_keypair();
    const loginKey = Buffer.from(keys.publicKey).toString('base64');
    const user = await createUser(t);
    const { device } = await register(user);
    const res = await passkeySignIn(device, {}, { loginKey });
    expect(res.statusCode, res.body).toBe(200);
    const { access_token, code, electronUrl, key_fingerprint } = res.json().data;
    expect(code).not.toBe(access_token);
    expect(key_fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
    expect(electronUrl).toContain(encodeURIComponent(code));
    const opened = sodium.crypto_box_seal_open(Buffer.from(code, 'base64'), keys.publicKey, keys.privateKey);
    expect(JSON.parse(Buffer.from(opened).toString('utf8')).token).toBe(access_token);
    const [session] = (
      await t.app.inject({ url: '/api/v1/rest/profile/sessions', headers: sessionHeaders(access_token) })
    ).json().data;
    expect(session.is_desktop).toBe(true);
  });

  it('uses a challenge once, and refuses one older than 5 minutes or made for registration', async () => {
    const user = await createUser(t);
    const { device } = await register(user);
    const options = await loginOptions();
    const response = device.authenticate(options);
    expect((await post(`${auth}/login/verify`, { response })).statusCode).toBe(200);
    const replay = await post(`${auth}/login/verify`, { response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('Время на подтверждение истекло, попробуйте ещё раз');

    const stale = await loginOptions();
    await t.prisma.webauthnChallenge.updateMany({
      where: { challenge: stale.challenge },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    expect((await post(`${auth}/login/verify`, { response: device.authenticate(stale) })).statusCode).toBe(
      400,
    );

    const forRegistration = await registrationOptions(user);
    const crossed = device.authenticate({ challenge: forRegistration.challenge, rpId: 'cabinet.test' });
    expect((await post(`${auth}/login/verify`, { response: crossed })).statusCode).toBe(400);
  });

  it('refuses a counter that does not grow, and accepts an authenticator that keeps none', async () => {
    const user = await createUser(t);
    const { device } = await register(user);
    expect((await passkeySignIn(device)).statusCode).toBe(200);
    expect((await passkeySignIn(device)).statusCode).toBe(200);
    // A clone reporting a counter already seen.
    const cloned = await passkeySignIn(device, { counter: 1 });
    expect(cloned.statusCode).toBe(400);
    expect(cloned.json().message).toBe('Не удалось проверить ключ доступа, попробуйте ещё раз');

    const counterless = new SoftwareAuthenticator(ORIGIN, 0);
    const other = await createUser(t);
    await register(other, counterless);
    for (let i = 0; i < 2; i++) expect((await passkeySignIn(counterless)).statusCode).toBe(200);
  });

  it('refuses a bad signature, another origin, no user verification and a foreign user handle', async () => {
    const user = await createUser(t);
    const { device } = await register(user);
    const other = await createUser(t);
    const otherHandle = (await registrationOptions(other)).user.id;
    for (const ceremony of [
      { badSignature: true },
      { origin: 'http://evil.test' },
      { userVerified: false },
      { userHandle: otherHandle },
      { type: 'webauthn.create' },
    ] satisfies CeremonyOptions[]) {
      const res = await passkeySignIn(device, ceremony);
      expect(res.statusCode, JSON.stringify(ceremony)).toBe(400);
    }
    expect(await t.prisma.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("signs nobody in with a blocked account's passkey", async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const { device } = await register(user);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/rest/admin/users/${user.id}/block`,
      headers: admin.headers,
    });
    const res = await passkeySignIn(device);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Учётная запись заблокирована. Обратитесь к администратору.');
    expect(await t.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('proves the person, not an address an admin changed since: it stays unverified and promotes nobody', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const { device } = await register(user);
    await t.prisma.user.updateMany({
      where: { email: 'passkey-boss@example.com' },
      data: { email: uniqueEmail() },
    });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/profile/update/${user.id}`,
      headers: admin.headers,
      payload: { email: 'passkey-boss@example.com' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await passkeySignIn(device);
    expect(res.statusCode, res.body).toBe(200);
    const account = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(account.emailVerifiedAt).toBeNull();
    expect(account.typeId).toBe(1);
    // The sessions the account had are not ended, as a mailbox's proof would end them.
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('an ADMIN_EMAILS address got by an e-mail change promotes nobody, nor does a passkey; a sign-in code to it does (decision 0185)', async () => {
    const user = await createUser(t);
    const { device } = await register(user);
    await t.prisma.user.updateMany({
      where: { email: 'passkey-boss@example.com' },
      data: { email: uniqueEmail() },
    });
    // The person changes their own address to the listed one, proving the mailbox with the change's code.
    const asked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/profile/update/${user.id}`,
      headers: user.headers,
      payload: { email: 'passkey-boss@example.com' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const changeCode = await t.smtp.nextCode(
      'passkey-boss@example.com',
      t.smtp.mailsTo('passkey-boss@example.com').length - 1,
    );
    const confirmed = await post('/api/v1/rest/profile/confirm-email', { code: changeCode }, user.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const changed = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(changed).toMatchObject({ email: 'passkey-boss@example.com', typeId: 1 });
    expect(changed.emailVerifiedAt).not.toBeNull();

    // A passkey sign-in with the verified listed address: still no admin.
    expect((await passkeySignIn(device)).statusCode).toBe(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).typeId).toBe(1);

    // A sign-in code mailed to the address and confirmed: now an admin.
    const before = t.smtp.mailsTo('passkey-boss@example.com').length;
    expect((await post('/api/v1/auth/login', { email: 'passkey-boss@example.com' })).statusCode).toBe(200);
    const code = await t.smtp.nextCode('passkey-boss@example.com', before);
    const signedIn = await post('/api/v1/auth/login', { email: 'passkey-boss@example.com', code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).typeId).toBe(2);
  });

  it('refuses a passkey that was removed, and an unknown credential', async () => {
    const user = await createUser(t);
    const { res, device } = await register(user);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${mine}/${res.json().data.id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Ключ доступа удалён', data: null });
    const after = await passkeySignIn(device);
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toMatch(/^Этот ключ доступа не найден/);
    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.register(await registrationOptions(await createUser(t)));
    expect((await passkeySignIn(stranger)).statusCode).toBe(400);
  });

  it('mails the new-device notice for a passkey sign-in from a new device', async () => {
    const email = uniqueEmail();
    const user = await createUser(t, { email });
    const { device } = await register(user);
    expect((await passkeySignIn(device, {}, { userAgent: CHROME_ON_WINDOWS })).statusCode).toBe(200);
    expect((await passkeySignIn(device, {}, { userAgent: SAFARI_ON_IPHONE })).statusCode).toBe(200);
    const mails = t.smtp.mailsTo(email).filter((m) => m.subject === 'Новый вход в аккаунт');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Safari 17, iOS');
  });

  it('answers 400 for a malformed body', async () => {
    for (const body of [
      {},
      { response: {} },
      { response: 'x' },
      { response: {}, loginKey: 'web', extra: 1 },
    ]) {
      expect((await post(`${auth}/login/verify`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const junk = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'bm90IGpzb24', authenticatorData: 'AA', signature: 'AA' },
    };
    const res = await post(`${auth}/login/verify`, { response: junk });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Не удалось проверить ключ доступа, попробуйте ещё раз');
  });
});

describe('one’s own passkeys', () => {
  it('renames one, and answers 404 for anyone else’s', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { res } = await register(user);
    const id = res.json().data.id;
    const rename = (who: TestUser, name: unknown) =>
      t.app.inject({ method: 'PUT', url: `${mine}/${id}`, headers: who.headers, payload: { name } });
    const renamed = await rename(user, ' Домашний ');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: 'Ключ доступа переименован',
      data: { id, name: 'Домашний' },
    });
    expect((await rename(other, 'Мой')).statusCode).toBe(404);
    expect((await rename(other, 'Мой')).json().message).toBe('Ключ доступа не найден');
    expect((await rename(user, '')).statusCode).toBe(400);
    expect((await rename(user, 'Я'.repeat(65))).statusCode).toBe(400);
    const deleted = await t.app.inject({ method: 'DELETE', url: `${mine}/${id}`, headers: other.headers });
    expect(deleted.statusCode).toBe(404);
    expect((await t.app.inject({ url: mine, headers: other.headers })).json().data).toEqual([]);
    const admin = await createAdmin(t);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${mine}/${id}`, headers: admin.headers })).statusCode,
    ).toBe(404);
    expect(await t.prisma.passkey.count({ where: { id } })).toBe(1);
  });

  it('needs a session and a good id', async () => {
    const user = await createUser(t);
    expect((await t.app.inject({ url: mine })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `${mine}/1`, payload: { name: 'x' } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `${mine}/1` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${mine}/x`, headers: user.headers })).statusCode,
    ).toBe(400);
  });

  it('go with the account', async () => {
    const user = await createUser(t);
    await register(user);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rest/profile/delete/${user.id}`,
      headers: user.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.prisma.passkey.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('the challenges', () => {
  it('are pruned once expired by the job', async () => {
    await loginOptions();
    const run = await t.app.jobs.run('prune-webauthn-challenges', {
      now: new Date(Date.now() + 6 * 60_000),
    });
    expect(run).toBeGreaterThanOrEqual(1);
    expect(
      await t.prisma.webauthnChallenge.count({
        where: { expiresAt: { lte: new Date(Date.now() + 6 * 60_000) } },
      }),
    ).toBe(0);
  });

  it('keep the options calls on a per-address budget', async () => {
    const limited = await buildTestApp({ env: { PUBLIC_URL: ORIGIN }, rateLimits: { loginVerify: 2 } });
    try {
      const call = () =>
        limited.app.inject({ method: 'POST', url: `${auth}/login/options`, remoteAddress: '192.0.2.50' });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

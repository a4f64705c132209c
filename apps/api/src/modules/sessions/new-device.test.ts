import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, uniqueEmail } from '../../../test/factories';
import { CHROME_ON_WINDOWS, codeSignIn, SAFARI_ON_IPHONE, sessionHeaders } from '../../../test/sign-in';
import { KNOWN_DEVICES_MAX } from './known-devices';

// The new-device mail and its switch (issue 14, decision 0141).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://cabinet.example.com' } });
});
afterAll(async () => {
  await t?.close();
});

const SUBJECT = 'Новый вход в аккаунт';
const newDeviceMails = (email: string) => t.smtp.mailsTo(email).filter((m) => m.subject === SUBJECT);

const settings = (token: string, body?: unknown) =>
  t.app.inject({
    method: body === undefined ? 'GET' : 'PUT',
    url: '/api/v1/rest/profile/security-settings',
    headers: sessionHeaders(token),
    ...(body === undefined ? {} : { payload: body as object }),
  });

describe('the new-device mail', () => {
  it('is not sent for the first sign-in nor for a device seen before, even after its session ended', async () => {
    const email = uniqueEmail();
    const first = await codeSignIn(t, email, { userAgent: CHROME_ON_WINDOWS, ip: '198.51.100.1' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: sessionHeaders(first.access_token),
    });
    await codeSignIn(t, email, { userAgent: CHROME_ON_WINDOWS, ip: '198.51.100.1' });
    expect(newDeviceMails(email)).toHaveLength(0);
  });

  it('is sent for another user agent or another address: when, device, address', async () => {
    const email = uniqueEmail();
    await codeSignIn(t, email, { userAgent: CHROME_ON_WINDOWS, ip: '198.51.100.1' });
    await codeSignIn(t, email, { userAgent: SAFARI_ON_IPHONE, ip: '198.51.100.1' });
    expect(newDeviceMails(email)).toHaveLength(1);
    const [mail] = newDeviceMails(email);
    expect(mail!.text).toContain('Устройство: Safari 17, iOS');
    expect(mail!.text).toContain('Адрес: 198.51.100.1');
    expect(mail!.text).toMatch(/Когда: \d{1,2} [а-я]+ \d{4} г\.(,| в) \d{2}:\d{2} \(МСК\)/);
    expect(mail!.text).toContain('https://cabinet.example.com/app/settings/security');
    expect(mail!.html).toContain('Safari 17, iOS');
    // The sign-in's own code is never in it.
    expect(mail!.text).not.toMatch(/\b\d{6}\b/);

    await codeSignIn(t, email, { userAgent: SAFARI_ON_IPHONE, ip: '198.51.100.2' });
    expect(newDeviceMails(email)).toHaveLength(2);
    expect(newDeviceMails(email)[1]!.text).toContain('Адрес: 198.51.100.2');
    // Each of those is known now.
    await codeSignIn(t, email, { userAgent: SAFARI_ON_IPHONE, ip: '198.51.100.1' });
    await codeSignIn(t, email, { userAgent: CHROME_ON_WINDOWS, ip: '198.51.100.1' });
    expect(newDeviceMails(email)).toHaveLength(2);
  });

  it('keeps only a hash of the device', async () => {
    const email = uniqueEmail();
    await codeSignIn(t, email, { userAgent: CHROME_ON_WINDOWS, ip: '198.51.100.9' });
    const [device] = await t.prisma.knownDevice.findMany({ where: { user: { email } } });
    expect(device!.fingerprint).toHaveLength(32);
    expect(Buffer.from(device!.fingerprint).toString('latin1')).not.toContain('198.51.100.9');
  });

  it(`remembers at most ${KNOWN_DEVICES_MAX} devices per account, forgetting the least recently seen`, async () => {
    const email = uniqueEmail();
    await codeSignIn(t, email, { userAgent: CHROME_ON_WINDOWS, ip: '198.51.100.10' });
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    await t.prisma.knownDevice.createMany({
      data: Array.from({ length: KNOWN_DEVICES_MAX }, (_, i) => ({
        userId: user.id,
        fingerprint: Uint8Array.from(Buffer.alloc(32, i + 1)),
        lastSeenAt: new Date(Date.now() - (i + 1) * 60_000),
      })),
    });
    await codeSignIn(t, email, { userAgent: SAFARI_ON_IPHONE, ip: '198.51.100.10' });
    expect(await t.prisma.knownDevice.count({ where: { userId: user.id } })).toBe(KNOWN_DEVICES_MAX);
  });

  it('is not sent when the user switched it off on the security settings', async () => {
    const email = uniqueEmail();
    const { access_token } = await codeSignIn(t, email, { userAgent: CHROME_ON_WINDOWS });
    expect((await settings(access_token)).json()).toEqual({
      success: true,
      message: '',
      data: { new_device_mail: true },
    });
    const off = await settings(access_token, { new_device_mail: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      success: true,
      message: 'Настройки сохранены',
      data: { new_device_mail: false },
    });
    expect((await settings(access_token)).json().data).toEqual({ new_device_mail: false });
    await codeSignIn(t, email, { userAgent: SAFARI_ON_IPHONE });
    expect(newDeviceMails(email)).toHaveLength(0);
    // Switched on again, the next new device is told.
    await settings(access_token, { new_device_mail: true });
    await codeSignIn(t, email, { userAgent: SAFARI_ON_IPHONE, ip: '198.51.100.77' });
    expect(newDeviceMails(email)).toHaveLength(1);
  });
});

describe('security settings', () => {
  it('refuses bad bodies with 400 and changes nothing', async () => {
    const user = await createUser(t);
    for (const body of [
      {},
      { new_device_mail: 'no' },
      { new_device_mail: 0 },
      { new_device_mail: false, x: 1 },
    ]) {
      const res = await settings(user.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await settings(user.token)).json().data).toEqual({ new_device_mail: true });
  });

  it('answers 401 without a session', async () => {
    const get = await t.app.inject({ url: '/api/v1/rest/profile/security-settings' });
    expect(get.statusCode).toBe(401);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/rest/profile/security-settings',
      payload: { new_device_mail: false },
    });
    expect(put.statusCode).toBe(401);
  });
});

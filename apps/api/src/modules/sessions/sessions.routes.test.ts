import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser, uniqueEmail } from '../../../test/factories';
import { CHROME_ON_WINDOWS, codeSignIn, SAFARI_ON_IPHONE, sessionHeaders } from '../../../test/sign-in';
import { createSession, SESSION_IDLE_MS } from '../../lib/sessions';

// Devices and sessions (issue 14, decision 0140): what a session keeps, who sees and ends which.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? sessionHeaders(token) : {} });
const send = (method: 'POST' | 'DELETE', url: string, token?: string) =>
  t.app.inject({ method, url, headers: token ? sessionHeaders(token) : {} });

const mySessions = '/api/v1/rest/profile/sessions';
const alive = async (token: string) => (await get('/api/v1/rest/profile/me', token)).statusCode;

describe('a sign-in keeps where it came from', () => {
  it('lists the session with its address, user agent, device words and desktop flag, newest first', async () => {
    const email = uniqueEmail();
    const laptop = await codeSignIn(t, email, { userAgent: CHROME_ON_WINDOWS, ip: '203.0.113.5' });
    const desktopKey = randomBytes(32).toString('base64');
    const desktop = await codeSignIn(t, email, {
      userAgent: SAFARI_ON_IPHONE,
      ip: '2001:db8::7',
      loginKey: desktopKey,
    });

    const res = await get(mySessions, laptop.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, meta: { page: 1, pages: 1, perPage: 20, total: 2 } });
    const [newest, oldest] = body.data;
    expect(newest).toMatchObject({
      ip: '2001:db8::7',
      user_agent: SAFARI_ON_IPHONE,
      device: 'Safari 17, iOS',
      is_desktop: true,
      current: false,
    });
    expect(oldest).toMatchObject({
      ip: '203.0.113.5',
      user_agent: CHROME_ON_WINDOWS,
      device: 'Chrome 142, Windows',
      is_desktop: false,
      current: true,
    });
    expect(Object.keys(oldest).sort()).toEqual(
      [
        'application',
        'created_at',
        'current',
        'device',
        'id',
        'ip',
        'is_desktop',
        'last_used_at',
        'scopes',
        'user_agent',
      ].sort(),
    );
    expect(Date.parse(oldest.created_at)).toBeLessThanOrEqual(Date.parse(newest.created_at));
    expect(Date.parse(oldest.last_used_at)).not.toBeNaN();
    // The other session sees itself as current.
    const fromDesktop = (await get(mySessions, desktop.access_token)).json().data;
    expect(fromDesktop.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
  });

  it('names a user agent it cannot read, and a missing one, as an unknown device', async () => {
    const email = uniqueEmail();
    const { access_token } = await codeSignIn(t, email, { userAgent: 'curl/8.5.0' });
    const [session] = (await get(mySessions, access_token)).json().data;
    expect(session).toMatchObject({ user_agent: 'curl/8.5.0', device: 'Неизвестное устройство' });
    const user = await createUser(t);
    // Sessions made before issue 14 (or by the factory) know nothing of their client.
    const [old] = (await get(mySessions, user.token)).json().data;
    expect(old).toMatchObject({
      ip: null,
      user_agent: null,
      device: 'Неизвестное устройство',
      current: true,
    });
  });

  it('is not shadowed by profile/{id}', async () => {
    const user = await createUser(t);
    const res = await get(mySessions, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(Array.isArray(res.json().data)).toBe(true);
  });

  it("leaves out expired sessions and other accounts' sessions", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const idle = await createSession(t.prisma, user.id);
    await t.prisma.session.updateMany({
      where: { userId: user.id, id: { not: (await sessionIdOf(user.token))! } },
      data: { lastUsedAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) },
    });
    const ids = (await get(mySessions, user.token)).json().data.map((s: { id: number }) => s.id);
    expect(ids).toEqual([await sessionIdOf(user.token)]);
    expect(await alive(idle)).toBe(401);
    expect((await get(mySessions, other.token)).json().meta.total).toBe(1);
  });

  it('answers 401 without a session and 400 for a bad page', async () => {
    expect((await get(mySessions)).statusCode).toBe(401);
    const user = await createUser(t);
    expect((await get(`${mySessions}?perPage=500`, user.token)).statusCode).toBe(400);
  });
});

async function sessionIdOf(token: string): Promise<number | undefined> {
  const rows = await get(mySessions, token);
  return rows.json().data.find((s: { current: boolean }) => s.current)?.id;
}

async function userWithTwoSessions(): Promise<TestUser & { other: string; otherId: number }> {
  const user = await createUser(t);
  const other = await createSession(t.prisma, user.id);
  const otherId = (await sessionIdOf(other))!;
  return { ...user, other, otherId };
}

describe('DELETE /profile/sessions/{id}', () => {
  it("ends one of one's own sessions: its next request is 401, this one goes on", async () => {
    const user = await userWithTwoSessions();
    const res = await send('DELETE', `${mySessions}/${user.otherId}`, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Сеанс завершён', data: null });
    expect(await alive(user.other)).toBe(401);
    expect(await alive(user.token)).toBe(200);
    expect((await send('DELETE', `${mySessions}/${user.otherId}`, user.token)).statusCode).toBe(404);
  });

  it("answers 404 for another user's session and for an unknown id, and ends nothing", async () => {
    const user = await createUser(t);
    const victim = await userWithTwoSessions();
    const res = await send('DELETE', `${mySessions}/${victim.otherId}`, user.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Сеанс не найден', data: null });
    expect(await alive(victim.other)).toBe(200);
    expect((await send('DELETE', `${mySessions}/2147483647`, user.token)).statusCode).toBe(404);
    // Even a site admin ends another user's session only through the admin call.
    const admin = await createAdmin(t);
    expect((await send('DELETE', `${mySessions}/${victim.otherId}`, admin.token)).statusCode).toBe(404);
  });

  it('may end the current session, which is then signed out', async () => {
    const user = await createUser(t);
    const id = (await sessionIdOf(user.token))!;
    expect((await send('DELETE', `${mySessions}/${id}`, user.token)).statusCode).toBe(200);
    expect(await alive(user.token)).toBe(401);
  });

  it('answers 400 for a bad id and 401 without a session', async () => {
    const user = await createUser(t);
    expect((await send('DELETE', `${mySessions}/abc`, user.token)).statusCode).toBe(400);
    expect((await send('DELETE', `${mySessions}/0`, user.token)).statusCode).toBe(400);
    expect((await send('DELETE', `${mySessions}/1`)).statusCode).toBe(401);
  });
});

describe('POST /profile/sessions/revoke-others', () => {
  it('ends every other session of the caller and answers how many', async () => {
    const user = await userWithTwoSessions();
    const third = await createSession(t.prisma, user.id);
    const bystander = await createUser(t);
    const res = await send('POST', `${mySessions}/revoke-others`, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Сеансы на других устройствах завершены',
      data: { count: 2 },
    });
    expect(await alive(user.other)).toBe(401);
    expect(await alive(third)).toBe(401);
    expect(await alive(user.token)).toBe(200);
    expect(await alive(bystander.token)).toBe(200);
    expect((await send('POST', `${mySessions}/revoke-others`, user.token)).json().data).toEqual({ count: 0 });
    expect((await send('POST', `${mySessions}/revoke-others`)).statusCode).toBe(401);
  });
});

describe("admins: a user's sessions", () => {
  const adminList = (userId: number | string) => `/api/v1/rest/admin/users/${userId}/sessions`;

  it('lists them, newest first, and ends one', async () => {
    const admin = await createAdmin(t);
    const user = await userWithTwoSessions();
    const res = await get(adminList(user.id), admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.map((s: { id: number; current: boolean }) => [s.id, s.current]);
    expect(ids).toEqual([
      [user.otherId, false],
      [(await sessionIdOf(user.token))!, false],
    ]);
    const ended = await send('DELETE', `${adminList(user.id)}/${user.otherId}`, admin.token);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: 'Сеанс завершён', data: null });
    expect(await alive(user.other)).toBe(401);
    expect(await alive(user.token)).toBe(200);
  });

  it("marks the admin's own session as current on their own list", async () => {
    const admin = await createAdmin(t);
    const [own] = (await get(adminList(admin.id), admin.token)).json().data;
    expect(own.current).toBe(true);
  });

  it("answers 404 for an unknown user and for a session that is not that user's", async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const other = await userWithTwoSessions();
    expect((await get(adminList(2147483647), admin.token)).json()).toMatchObject({
      message: 'Пользователь не найден',
    });
    expect((await get(adminList(2147483647), admin.token)).statusCode).toBe(404);
    const wrong = await send('DELETE', `${adminList(user.id)}/${other.otherId}`, admin.token);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Сеанс не найден');
    expect(await alive(other.other)).toBe(200);
    expect((await send('DELETE', `${adminList(2147483647)}/${other.otherId}`, admin.token)).statusCode).toBe(
      404,
    );
  });

  it('refuses non-admins with 403 and anonymous callers with 401', async () => {
    const user = await createUser(t);
    const victim = await userWithTwoSessions();
    expect((await get(adminList(victim.id), user.token)).statusCode).toBe(403);
    expect((await send('DELETE', `${adminList(victim.id)}/${victim.otherId}`, user.token)).statusCode).toBe(
      403,
    );
    expect((await get(adminList(user.id), user.token)).statusCode).toBe(403);
    expect((await get(adminList(victim.id))).statusCode).toBe(401);
    expect((await send('DELETE', `${adminList(victim.id)}/${victim.otherId}`)).statusCode).toBe(401);
    expect(await alive(victim.other)).toBe(200);
  });

  it('answers 400 for bad ids', async () => {
    const admin = await createAdmin(t);
    expect((await get(adminList('x'), admin.token)).statusCode).toBe(400);
    expect((await send('DELETE', `${adminList(admin.id)}/x`, admin.token)).statusCode).toBe(400);
  });
});

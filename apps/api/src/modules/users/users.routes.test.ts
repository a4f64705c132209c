import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { createSession } from '../../lib/sessions';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Action = 'logout' | 'block' | 'unblock';
const act = (action: Action, id: number | string, who?: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/rest/admin/users/${id}/${action}`,
    headers: who?.headers ?? {},
  });

const me = (who: { headers: Record<string, string> }) =>
  t.app.inject({ url: '/api/v1/rest/profile/me', headers: who.headers });

const requestCode = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { loginKey: 'web', email } });

/** Leaves `keep` as the only admins (other tests' admins become users). */
async function onlyAdmins(...keep: TestUser[]) {
  await t.prisma.user.updateMany({
    where: { typeId: 2, id: { notIn: keep.map((k) => k.id) } },
    data: { typeId: 1 },
  });
}

const ACTIONS: Action[] = ['logout', 'block', 'unblock'];
const SELF_MESSAGE = 'Нельзя применить это действие к своей учётной записи';

describe('POST /admin/users/{id}/logout', () => {
  it('ends every session of the user', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const second = await createSession(t.prisma, user.id);
    const bystander = await createUser(t);
    const res = await act('logout', user.id, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Все сеансы пользователя завершены',
      data: { count: 2 },
    });
    expect((await me(user)).statusCode).toBe(401);
    expect((await me({ headers: { 'x-session-id': second } })).statusCode).toBe(401);
    // Only that user's sessions; the account itself stays usable.
    expect((await me(bystander)).statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(200);
    expect((await act('logout', user.id, admin)).json().data).toEqual({ count: 0 });
    expect(await t.prisma.user.count({ where: { id: user.id, blockedAt: null } })).toBe(1);
  });
});

describe('POST /admin/users/{id}/block and /unblock', () => {
  it('blocking ends the sessions and refuses sign-in; unblocking allows it again', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const res = await act('block', user.id, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Пользователь заблокирован',
      data: { id: user.id, blocked: true, blocked_at: expect.any(String), count: 1 },
    });
    expect(await t.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await me(user)).statusCode).toBe(401);

    // Step one answers a blocked address like any other; the right code then meets the block.
    const mailed = t.smtp.mailsTo(user.email).length;
    expect((await requestCode(user.email)).statusCode).toBe(200);
    const blockedCode = await t.smtp.nextCode(user.email, mailed);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { loginKey: 'web', email: user.email, code: blockedCode },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe('Учётная запись заблокирована. Обратитесь к администратору.');
    // Past the 60 s between two codes, as if the person came back later.
    await t.prisma.loginCode.updateMany({
      where: { email: user.email },
      data: { createdAt: new Date(Date.now() - 61_000) },
    });

    // Admins see the block in the user list.
    const list = await t.app.inject({
      url: `/api/v1/rest/profile/list?search=${user.email}`,
      headers: admin.headers,
    });
    expect(list.json().data[0]).toMatchObject({ id: user.id, blocked: true });

    // Blocking again keeps the original time.
    const again = await act('block', user.id, admin);
    expect(again.json().data.blocked_at).toBe(res.json().data.blocked_at);

    const unblocked = await act('unblock', user.id, admin);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json()).toEqual({
      success: true,
      message: 'Пользователь разблокирован',
      data: { id: user.id, blocked: false, blocked_at: null, count: 0 },
    });
    const before = t.smtp.mailsTo(user.email).length;
    expect((await requestCode(user.email)).statusCode).toBe(200);
    expect(await t.smtp.nextCode(user.email, before)).toMatch(/^\d{6}$/);
    // A session made while blocked never worked; after unblocking new sign-ins do.
    const fresh = await createSession(t.prisma, user.id);
    expect((await me({ headers: { 'x-session-id': fresh } })).statusCode).toBe(200);
    expect((await act('unblock', user.id, admin)).statusCode).toBe(200);
  });

  it('a token of a blocked user is refused even if a session row survived', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    expect((await act('block', user.id, admin)).statusCode).toBe(200);
    const late = await createSession(t.prisma, user.id);
    expect((await me({ headers: { 'x-session-id': late } })).statusCode).toBe(401);
  });

  it('an admin may block another admin while one who can sign in remains', async () => {
    const a = await createAdmin(t);
    const b = await createAdmin(t);
    expect((await act('block', b.id, a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    expect((await act('unblock', b.id, a)).statusCode).toBe(200);
  });

  it('two admins blocking each other at once leave one who can sign in', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createAdmin(t);
      const b = await createAdmin(t);
      await onlyAdmins(a, b);
      const results = await Promise.all([act('block', b.id, a), act('block', a.id, b)]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await t.prisma.user.count({ where: { typeId: 2, blockedAt: null } })).toBe(1);
    }
  });
});

describe('admin user actions: who may call them', () => {
  it('401 without a session, 403 for non-admins, and nothing changes', async () => {
    const user = await createUser(t);
    const target = await createUser(t);
    for (const action of ACTIONS) {
      expect((await act(action, target.id)).statusCode, action).toBe(401);
      const res = await act(action, target.id, user);
      expect(res.statusCode, action).toBe(403);
      expect(res.json()).toMatchObject({
        success: false,
        data: null,
        message: 'Доступно только администраторам',
      });
    }
    expect((await me(target)).statusCode).toBe(200);
    expect(await t.prisma.user.count({ where: { id: target.id, blockedAt: null } })).toBe(1);
  });

  it('never against oneself (409)', async () => {
    const admin = await createAdmin(t);
    for (const action of ACTIONS) {
      const res = await act(action, admin.id, admin);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toBe(SELF_MESSAGE);
    }
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('404 for an unknown user, 400 for bad ids', async () => {
    const admin = await createAdmin(t);
    for (const action of ACTIONS) {
      const res = await act(action, 2147483647, admin);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().message).toBe('Пользователь не найден');
      for (const id of ['abc', '-1', '1.5', '2147483648', '0']) {
        const bad = await act(action, id, admin);
        expect(bad.statusCode, `${action} ${id}`).toBe(400);
        expect(bad.json().message).toMatch(/[а-я]/i);
      }
    }
  });

  it('refuses a body it does not expect', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rest/admin/users/${user.id}/block`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(await t.prisma.user.count({ where: { id: user.id, blockedAt: null } })).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createAdmin,
  createOrganization,
  createUnverified as createUnverifiedAccount,
  createUser,
  randomToken,
  type TestUser,
  uniqueEmail,
} from '../../../test/factories';
import { createSession } from '../../lib/sessions';

/** An end date whose grace period (PLAN_GRACE_DAYS, 3 by default) is over. */
const pastGrace = () => new Date(Date.now() - 4 * 24 * 60 * 60 * 1000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: TestUser, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1/rest/profile${url}`,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((u) => u.id);

const createUnverified = (name = 'Новичок') => createUnverifiedAccount(t, name);

async function createImage(owner: { id: number }, mime = 'image/png') {
  return t.prisma.file.create({
    data: {
      userId: owner.id,
      name: `${randomToken()}.png`,
      originalName: 'me.png',
      extension: 'png',
      group: 'avatar',
      hash: '0'.repeat(64),
      mime,
      path: `images/te/${randomToken()}.png`,
      size: 100,
    },
  });
}

/** Leaves `keep` as the only admins (other tests' admins become users). */
async function onlyAdmins(...keep: TestUser[]) {
  await t.prisma.user.updateMany({
    where: { typeId: 2, id: { notIn: keep.map((k) => k.id) } },
    data: { typeId: 1 },
  });
}

const BAD_IDS = ['abc', '-1', '1.5', '2147483648', '0'];

describe('GET /profile/me', () => {
  it('answers the profile and 401 without a session', async () => {
    const user = await createUser(t, { name: 'Мария' });
    const me = await call('GET', '/me', user);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: user.id, name: 'Мария', email: user.email, blocked: false });
    expect((await call('GET', '/me')).statusCode).toBe(401);
  });
});

describe('GET /profile/{id}', () => {
  it('answers a user as profile/me does, to themselves and to admins; 403 to others, 404 unknown', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const admin = await createAdmin(t);
    const url = `/api/v1/rest/profile/${user.id}`;
    const self = await t.app.inject({ url, headers: user.headers });
    expect(self.statusCode).toBe(200);
    expect(self.json().data).toMatchObject({ id: user.id, email: user.email, files: [], subscribe_id: 1 });
    expect((await t.app.inject({ url, headers: admin.headers })).json().data.id).toBe(user.id);
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/v1/rest/profile/2147483647', headers: admin.headers })).statusCode,
    ).toBe(404);
    for (const bad of ['abc', '-1', '1.5', '2147483648']) {
      expect(
        (await t.app.inject({ url: `/api/v1/rest/profile/${bad}`, headers: admin.headers })).statusCode,
      ).toBe(400);
    }
  });
});

describe('GET /profile/list', () => {
  it('401 without a session', async () => {
    expect((await call('GET', '/list')).statusCode).toBe(401);
  });

  it('admins see everyone, unverified accounts marked, in the list envelope sorted by id', async () => {
    const admin = await createAdmin(t);
    const unverified = await createUnverified();
    const verified = await createUser(t, { name: 'Пётр' });
    const res = await call('GET', '/list?perPage=100', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, meta: { page: 1, perPage: 100 } });
    expect(body.meta.total).toBe(await t.prisma.user.count());
    const list: { id: number }[] = body.data;
    expect(list.map((u) => u.id)).toEqual([...list.map((u) => u.id)].sort((a, b) => a - b));
    const shown = list.find((u) => u.id === unverified.id);
    expect(shown).toEqual({
      id: unverified.id,
      name: 'Новичок',
      email: unverified.email,
      email_verified_at: null,
      type_id: 1,
      type: { id: 1, code: 'user', name: 'Пользователь' },
      subscribe_id: 1,
      avatar_url: null,
      blocked: false,
      created_at: unverified.createdAt.toISOString(),
      updated_at: unverified.updatedAt.toISOString(),
    });
    expect(list.find((u) => u.id === verified.id)).toMatchObject({ email_verified_at: expect.any(String) });
  });

  it('admins see who is blocked and the plan in force (a lapsed plan is Базовый once its grace period is over)', async () => {
    const admin = await createAdmin(t);
    const lapsed = await createUser(t, { planId: 2, planExpiresAt: pastGrace() });
    const paying = await createUser(t, { planId: 3, planExpiresAt: new Date(Date.now() + 86_400_000) });
    await t.prisma.user.update({ where: { id: lapsed.id }, data: { blockedAt: new Date() } });
    const res = await call('GET', `/list?search=${lapsed.email}`, admin);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: lapsed.id, blocked: true, subscribe_id: 1 }),
    ]);
    const res2 = await call('GET', `/list?search=${paying.email}`, admin);
    expect(res2.json().data).toEqual([expect.objectContaining({ id: paying.id, subscribe_id: 3 })]);
  });

  it('a user sees only active members of organizations they are an active member of', async () => {
    const me = await createUser(t);
    const colleague = await createUser(t);
    const pendingOne = await createUser(t);
    const stranger = await createUser(t);
    const otherTeamMate = await createUser(t);
    const inviter = await createUser(t);
    await createOrganization(t, me, {
      members: [{ id: colleague.id }, { id: pendingOne.id, status: 'pending' }],
    });
    await createOrganization(t, stranger, { members: [{ id: otherTeamMate.id }] });
    // An organization where I am only pending shows me nothing of it.
    await createOrganization(t, inviter, { members: [{ id: me.id, status: 'pending' }] });

    const res = await call('GET', '/list', me);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([me.id, colleague.id]);
    expect(res.json().meta).toEqual({ page: 1, pages: 1, perPage: 20, total: 2 });

    const lonely = await createUser(t);
    const none = await call('GET', '/list', lonely);
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0, pages: 0 } });
  });

  it('a user does not see co-members who never completed sign-in; admins see them marked', async () => {
    const me = await createUser(t);
    const colleague = await createUser(t);
    const unverified = await createUnverified('Приглашённый Админом');
    const org = await createOrganization(t, me, { members: [{ id: colleague.id }, { id: unverified.id }] });
    expect(ids(await call('GET', '/list', me))).toEqual([me.id, colleague.id]);
    expect(ids(await call('GET', `/list?include_org_id=${org.id}`, me))).toEqual([me.id, colleague.id]);
    expect(ids(await call('GET', `/list?search=${encodeURIComponent(unverified.email)}`, me))).toEqual([]);
    const admin = await createAdmin(t);
    const adminView = await call('GET', `/list?include_org_id=${org.id}`, admin);
    expect(adminView.json().data).toContainEqual(
      expect.objectContaining({ id: unverified.id, email_verified_at: null }),
    );
  });

  it('include_org_id: members of that organization; 404 for an organization the caller is not in', async () => {
    const me = await createUser(t);
    const a = await createUser(t);
    const b = await createUser(t);
    const admin = await createAdmin(t);
    const mine = await createOrganization(t, me, { members: [{ id: a.id }] });
    const second = await createOrganization(t, me, { members: [{ id: b.id }] });
    const foreign = await createOrganization(t, b);

    expect(ids(await call('GET', `/list?include_org_id=${mine.id}`, me))).toEqual([me.id, a.id]);
    expect(ids(await call('GET', `/list?include_org_id=${second.id}`, me))).toEqual([me.id, b.id]);
    const refused = await call('GET', `/list?include_org_id=${foreign.id}`, me);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, message: 'Организация не найдена' });
    // b is a member of `second`, so sees me there, but `mine` is not b's.
    expect((await call('GET', `/list?include_org_id=${mine.id}`, b)).statusCode).toBe(404);
    // Admins may look into any organization; an unknown one is 404.
    expect(ids(await call('GET', `/list?include_org_id=${foreign.id}`, admin))).toEqual([b.id]);
    expect((await call('GET', '/list?include_org_id=2147483647', admin)).statusCode).toBe(404);
  });

  it('exclude_org_id: users with no membership there (pending counts as a membership)', async () => {
    const me = await createUser(t);
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    const admin = await createAdmin(t);
    const team = await createOrganization(t, me, {
      members: [{ id: a.id }, { id: c.id, status: 'pending' }],
    });
    const other = await createOrganization(t, me, { members: [{ id: b.id }, { id: a.id }] });

    // Co-members of mine who are not in `team`: b only.
    expect(ids(await call('GET', `/list?exclude_org_id=${team.id}`, me))).toEqual([b.id]);
    const adminView = ids(await call('GET', `/list?exclude_org_id=${team.id}&perPage=100`, admin));
    expect(adminView).toContain(b.id);
    expect(adminView).toContain(admin.id);
    expect(adminView).not.toContain(me.id);
    expect(adminView).not.toContain(a.id);
    expect(adminView).not.toContain(c.id);
    // Both filters at once.
    expect(ids(await call('GET', `/list?include_org_id=${other.id}&exclude_org_id=${team.id}`, me))).toEqual([
      b.id,
    ]);
    // Someone outside the organization cannot use it as a filter.
    const outsider = await createUser(t);
    expect((await call('GET', `/list?exclude_org_id=${team.id}`, outsider)).statusCode).toBe(404);
  });

  it('search: admins by substring of name or e-mail, or by id; others by the exact e-mail only', async () => {
    const me = await createUser(t, { name: 'Зинаида Уникальная' });
    const colleague = await createUser(t, { name: 'Аркадий Редкостный', email: uniqueEmail('arkady') });
    const admin = await createAdmin(t);
    await createOrganization(t, me, { members: [{ id: colleague.id }] });

    expect(ids(await call('GET', `/list?search=${encodeURIComponent('редкостн')}`, admin))).toEqual([
      colleague.id,
    ]);
    expect(ids(await call('GET', `/list?search=${colleague.email.slice(0, 12)}`, admin))).toContain(
      colleague.id,
    );
    expect(ids(await call('GET', `/list?search=${colleague.id}`, admin))).toEqual([colleague.id]);
    expect(ids(await call('GET', '/list?search=99999999999', admin))).toEqual([]);

    expect(ids(await call('GET', `/list?search=${encodeURIComponent('редкостн')}`, me))).toEqual([]);
    expect(ids(await call('GET', `/list?search=${colleague.id}`, me))).toEqual([]);
    const exact = encodeURIComponent(`  ${colleague.email.toUpperCase()} `);
    expect(ids(await call('GET', `/list?search=${exact}`, me))).toEqual([colleague.id]);
    // The exact e-mail of someone outside my organizations is not listed here (search is for that).
    expect(ids(await call('GET', `/list?search=${admin.email}`, me))).toEqual([]);
  });

  it('LIKE wildcards in a search are literal', async () => {
    const admin = await createAdmin(t);
    expect(ids(await call('GET', '/list?search=%25', admin))).toEqual([]);
    expect(ids(await call('GET', '/list?search=_', admin))).toEqual([]);
    const odd = await createUser(t, { name: 'Имя_с%знаками' });
    expect(ids(await call('GET', `/list?search=${encodeURIComponent('я_с%з')}`, admin))).toEqual([odd.id]);
  });

  it('paginates with meta, and costs the same number of queries whatever perPage is', async () => {
    const admin = await createAdmin(t);
    for (let i = 0; i < 6; i++) await createUser(t);
    const total = await t.prisma.user.count();
    const page2 = await call('GET', '/list?page=2&perPage=5', admin);
    expect(page2.json().meta).toEqual({ page: 2, pages: Math.ceil(total / 5), perPage: 5, total });
    expect(page2.json().data).toHaveLength(5);
    const all = ids(await call('GET', '/list?perPage=100', admin));
    expect(ids(page2)).toEqual(all.slice(5, 10));
    expect((await call('GET', `/list?page=${total + 1}`, admin)).json().data).toEqual([]);

    const spy = vi.spyOn(t.database.pool, 'query');
    const countQueries = async (url: string) => {
      spy.mockClear();
      expect((await call('GET', url, admin)).statusCode).toBe(200);
      return spy.mock.calls.length;
    };
    const small = await countQueries('/list?perPage=1');
    const large = await countQueries('/list?perPage=100');
    spy.mockRestore();
    expect(small).toBeGreaterThan(0);
    expect(large).toBe(small);
  });

  it('refuses bad query input with 400 and a Russian message', async () => {
    const user = await createUser(t);
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=99999999999',
      'perPage=0',
      'perPage=101',
      'perPage=1.5',
      'include_org_id=abc',
      'include_org_id=-1',
      'exclude_org_id=2147483648',
      'search=%00',
      `search=${'a'.repeat(10_000)}`,
      'unknown=1',
    ]) {
      const res = await call('GET', `/list?${query}`, user);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/[а-яё]/i);
    }
  });
});

describe('GET /profile/search', () => {
  it('anyone finds any verified account by its exact e-mail (trimmed, any case): {id, email, name} only', async () => {
    const me = await createUser(t);
    const other = await createUser(t, { name: 'Приглашённый' });
    const res = await call(
      'GET',
      `/search?search=${encodeURIComponent(` ${other.email.toUpperCase()}  `)}`,
      me,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '',
      data: [{ id: other.id, email: other.email, name: 'Приглашённый' }],
      meta: { page: 1, pages: 1, perPage: 20, total: 1 },
    });
  });

  it('an account that never completed sign-in is found by site admins only', async () => {
    const me = await createUser(t);
    const admin = await createAdmin(t);
    const unverified = await createUnverified('Незавершённый');
    const hidden = await call('GET', `/search?search=${encodeURIComponent(unverified.email)}`, me);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect(ids(await call('GET', `/search?search=${encodeURIComponent(unverified.email)}`, admin))).toEqual([
      unverified.id,
    ]);
    expect(ids(await call('GET', '/search?search=Незавершённый', admin))).toEqual([unverified.id]);
  });

  it('a non-admin finds nothing by substring, name, id or an empty search', async () => {
    const me = await createUser(t);
    const other = await createUser(t, { name: 'Искомый Человек' });
    for (const search of [
      other.email.slice(0, 10),
      other.email.slice(3),
      'Искомый',
      String(other.id),
      '',
      'example.com',
    ]) {
      const res = await call('GET', `/search?search=${encodeURIComponent(search)}`, me);
      expect(res.statusCode, search).toBe(200);
      expect(res.json().data, search).toEqual([]);
    }
    expect((await call('GET', '/search', me)).json().data).toEqual([]);
  });

  it('admins search by substring of e-mail or name, or by id', async () => {
    const admin = await createAdmin(t);
    const other = await createUser(t, { name: 'Ефросинья Поисковая', email: uniqueEmail('efrosinya') });
    expect(ids(await call('GET', `/search?search=${encodeURIComponent('поисков')}`, admin))).toEqual([
      other.id,
    ]);
    expect(ids(await call('GET', '/search?search=efrosinya', admin))).toEqual([other.id]);
    expect(ids(await call('GET', `/search?search=${other.id}`, admin))).toEqual([other.id]);
    expect((await call('GET', '/search?perPage=3', admin)).json().data).toHaveLength(3);
  });

  it('exclude_org_id drops members (the invite flow); include_org_id needs membership', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const outsider = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: member.id }] });
    const find = (who: TestUser, email: string, extra = '') =>
      call('GET', `/search?search=${encodeURIComponent(email)}${extra}`, who);
    expect(ids(await find(owner, member.email, `&exclude_org_id=${org.id}`))).toEqual([]);
    expect(ids(await find(owner, outsider.email, `&exclude_org_id=${org.id}`))).toEqual([outsider.id]);
    expect(ids(await find(owner, member.email, `&include_org_id=${org.id}`))).toEqual([member.id]);
    expect((await find(outsider, member.email, `&include_org_id=${org.id}`)).statusCode).toBe(404);
  });

  it('limits a non-admin to 60 searches a minute (429 with Retry-After); admins are not limited', async () => {
    const me = await createUser(t);
    const admin = await createAdmin(t);
    for (let i = 0; i < 60; i++) {
      expect((await call('GET', `/search?search=probe${i}@example.com`, me)).statusCode).toBe(200);
    }
    const limited = await call('GET', '/search?search=probe@example.com', me);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toMatch(/Слишком много запросов/);
    for (let i = 0; i < 61; i++) {
      expect((await call('GET', `/search?search=probe${i}@example.com`, admin)).statusCode).toBe(200);
    }
  });

  it('401 without a session; 400 for bad input', async () => {
    expect((await call('GET', '/search?search=a@b.c')).statusCode).toBe(401);
    const me = await createUser(t);
    expect((await call('GET', '/search?perPage=1000', me)).statusCode).toBe(400);
    expect((await call('GET', '/search?search=%00', me)).statusCode).toBe(400);
    expect((await call('GET', '/search?email=a@b.c', me)).statusCode).toBe(400);
  });
});

describe('PUT /profile/update/{id}', () => {
  it('updates one’s own name and avatar; a new e-mail (trimmed, lower-cased) waits for its code', async () => {
    const me = await createUser(t);
    const image = await createImage(me);
    const newEmail = uniqueEmail('renamed');
    await t.prisma.loginCode.create({
      data: {
        email: me.email,
        codeHash: Buffer.alloc(32),
        loginKey: 'web',
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const res = await call('PUT', `/update/${me.id}`, me, {
      name: '  Новое Имя ',
      email: `  ${newEmail.toUpperCase()} `,
      image_id: image.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: expect.stringMatching(/^Данные пользователя обновлены\. /),
      data: { name: 'Новое Имя', email: me.email, pending_email: newEmail },
    });
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id: me.id } });
    expect(row).toMatchObject({
      name: 'Новое Имя',
      email: me.email,
      avatarFileId: image.id,
      emailVerifiedAt: expect.any(Date),
      adminEditedAt: null,
    });
    // Until the new address is proven, the old one signs in as before (decision 0085).
    expect(await t.prisma.loginCode.count({ where: { email: me.email } })).toBe(1);
    const profile = await call('GET', '/me', me);
    expect(profile.json().data.files[0]).toMatchObject({ id: image.id });
    expect(profile.json().data.pending_email).toBe(newEmail);

    // null removes the avatar; a partial body changes only what it names.
    const cleared = await call('PUT', `/update/${me.id}`, me, { image_id: null });
    expect(cleared.json().data).toEqual({ name: 'Новое Имя', email: me.email, pending_email: newEmail });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: me.id } })).avatarFileId).toBeNull();
  });

  it('keeps the verification when the e-mail is sent unchanged', async () => {
    const me = await createUser(t);
    const res = await call('PUT', `/update/${me.id}`, me, {
      name: 'Тот Же',
      email: me.email,
      image_id: null,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: me.id } })).emailVerifiedAt).not.toBeNull();
  });

  it('an admin updates another user, and may re-send that user’s own avatar', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const usersImage = await createImage(user);
    await t.prisma.user.update({ where: { id: user.id }, data: { avatarFileId: usersImage.id } });
    const res = await call('PUT', `/update/${user.id}`, admin, {
      name: 'Имя от Админа',
      email: user.email,
      image_id: usersImage.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    // An avatar the admin uploaded for them is the admin's own file.
    const adminsImage = await createImage(admin);
    expect((await call('PUT', `/update/${user.id}`, admin, { image_id: adminsImage.id })).statusCode).toBe(
      200,
    );
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avatarFileId).toBe(
      adminsImage.id,
    );
    expect((await call('PUT', '/update/2147483647', admin, { name: 'Никто' })).statusCode).toBe(404);
    // One image is one account's avatar.
    const another = await createUser(t);
    const taken = await call('PUT', `/update/${another.id}`, admin, { image_id: adminsImage.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Это изображение уже используется как аватар');
  });

  it('another user gets 403 and nothing changes; 401 without a session', async () => {
    const me = await createUser(t);
    const victim = await createUser(t, { name: 'Жертва' });
    const res = await call('PUT', `/update/${victim.id}`, me, { name: 'Взломано' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, data: null });
    expect((await call('PUT', '/update/2147483647', me, { name: 'Взломано' })).statusCode).toBe(403);
    expect((await call('PUT', `/update/${victim.id}`, undefined, { name: 'Взломано' })).statusCode).toBe(401);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).name).toBe('Жертва');
  });

  it('a taken e-mail is 409 (also when an admin gives it to two accounts at once)', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const res = await call('PUT', `/update/${me.id}`, me, { email: other.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Пользователь с таким email уже существует');
    expect(res.json().errors).toEqual({ email: ['Пользователь с таким email уже существует'] });

    const admin = await createAdmin(t);
    const a = await createUser(t);
    const b = await createUser(t);
    const wanted = uniqueEmail('wanted');
    const results = await Promise.all([
      call('PUT', `/update/${a.id}`, admin, { email: wanted }),
      call('PUT', `/update/${b.id}`, admin, { email: wanted }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.prisma.user.count({ where: { email: wanted } })).toBe(1);
  });

  it('refuses an image that is not the caller’s own image', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const othersImage = await createImage(other);
    const myPdf = await createImage(me, 'application/pdf');
    for (const imageId of [othersImage.id, myPdf.id, 2147483647]) {
      const res = await call('PUT', `/update/${me.id}`, me, { image_id: imageId });
      expect(res.statusCode, String(imageId)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(imageId)).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: me.id } })).avatarFileId).toBeNull();
  });

  it('validates every field with the spec’s Russian messages (400, nothing changed)', async () => {
    const me = await createUser(t, { name: 'Исходное' });
    const cases: [unknown, RegExp][] = [
      [{ name: 'Я' }, /Имя должно содержать минимум 2 символа/],
      [{ name: '  Я  ' }, /Имя должно содержать минимум 2 символа/],
      [{ name: 'Я'.repeat(41) }, /Имя не должно превышать 40 символов/],
      [{ name: 'Я'.repeat(5_000) }, /Имя не должно превышать 40 символов/],
      [{ name: 'Имя\u0000' }, /Имя не должно содержать переносов строк и управляющих символов/],
      [{ name: '' }, /Обязательное поле/],
      [{ name: 42 }, /[а-я]/i],
      [{ email: 'not-an-email' }, /Неверный формат email/],
      [{ email: `${'a'.repeat(10_000)}@example.com` }, /[а-я]/i],
      [{ image_id: 'abc' }, /[а-я]/i],
      [{ image_id: -1 }, /[а-я]/i],
      [{ image_id: 1.5 }, /[а-я]/i],
      [{ image_id: 2147483648 }, /[а-я]/i],
      [{ name: 'Нормальное', is_admin: true }, /is_admin/],
      [{ type_id: 2 }, /type_id/],
      [[], /[а-я]/i],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', `/update/${me.id}`, me, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message, JSON.stringify(payload).slice(0, 80)).toMatch(message);
    }
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id: me.id } });
    expect(row).toMatchObject({ name: 'Исходное', typeId: 1 });
  });

  it('bad ids in the path are 400', async () => {
    const me = await createUser(t);
    for (const id of BAD_IDS) {
      expect((await call('PUT', `/update/${id}`, me, { name: 'Имя' })).statusCode, id).toBe(400);
    }
  });
});

describe('GET /profile/delete-preview/{id}', () => {
  it('lists the organizations deleted with the account, with their member counts', async () => {
    const me = await createUser(t);
    const a = await createUser(t);
    const b = await createUser(t);
    const first = await createOrganization(t, me, {
      name: 'Первая',
      members: [{ id: a.id }, { id: b.id, status: 'pending' }],
    });
    const second = await createOrganization(t, me, { name: 'Вторая' });
    await createOrganization(t, a, { members: [{ id: me.id }] });
    const res = await call('GET', `/delete-preview/${me.id}`, me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '',
      data: {
        organizations: [
          { id: first.id, name: 'Первая', members_count: 3, has_other_members: true },
          { id: second.id, name: 'Вторая', members_count: 1, has_other_members: false },
        ],
      },
    });
  });

  it('self or admin only; 404 for an unknown account (admin); 400 for bad ids', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const admin = await createAdmin(t);
    expect((await call('GET', `/delete-preview/${other.id}`, me)).statusCode).toBe(403);
    expect((await call('GET', `/delete-preview/${other.id}`)).statusCode).toBe(401);
    expect((await call('GET', `/delete-preview/${other.id}`, admin)).json().data).toEqual({
      organizations: [],
    });
    expect((await call('GET', '/delete-preview/2147483647', admin)).statusCode).toBe(404);
    for (const id of BAD_IDS)
      expect((await call('GET', `/delete-preview/${id}`, me)).statusCode, id).toBe(400);
  });
});

describe('DELETE /profile/delete/{id}', () => {
  it('deletes one’s own account: sessions, owned organizations without other members, memberships, files and orders go', async () => {
    const me = await createUser(t);
    const secondSession = await createSession(t.prisma, me.id);
    const colleague = await createUser(t);
    const otherOwner = await createUser(t);
    // A join request does not keep the organization: only active members do (decision 0134).
    const owned = await createOrganization(t, me, { members: [{ id: colleague.id, status: 'pending' }] });
    const elsewhere = await createOrganization(t, otherOwner, { members: [{ id: me.id }] });
    const image = await createImage(me);
    await t.prisma.user.update({ where: { id: me.id }, data: { avatarFileId: image.id } });
    // My image was used as the avatar of someone else's organization: it is cleared, not left dangling.
    await t.prisma.organization.update({ where: { id: elsewhere.id }, data: { avatarFileId: image.id } });
    await t.prisma.paymentOrder.create({
      data: {
        label: randomToken(),
        userId: me.id,
        planId: 2,
        period: 'month',
        method: 'mir',
        amount: '990.00',
      },
    });

    const res = await call('DELETE', `/delete/${me.id}`, me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Пользователь удалён', data: null });

    expect(await t.prisma.user.count({ where: { id: me.id } })).toBe(0);
    expect(await t.prisma.session.count({ where: { userId: me.id } })).toBe(0);
    expect(await t.prisma.organization.count({ where: { id: owned.id } })).toBe(0);
    expect(await t.prisma.member.count({ where: { organizationId: owned.id } })).toBe(0);
    expect(await t.prisma.member.count({ where: { userId: me.id } })).toBe(0);
    expect(await t.prisma.file.count({ where: { userId: me.id } })).toBe(0);
    expect(await t.prisma.paymentOrder.count({ where: { userId: me.id } })).toBe(0);
    const kept = await t.prisma.organization.findUniqueOrThrow({ where: { id: elsewhere.id } });
    expect(kept.avatarFileId).toBeNull();
    // The colleague and the other owner are untouched.
    expect(await t.prisma.user.count({ where: { id: { in: [colleague.id, otherOwner.id] } } })).toBe(2);
    // Both sessions are dead.
    expect((await call('GET', '/me', me)).statusCode).toBe(401);
    const byOther = await t.app.inject({
      url: '/api/v1/rest/profile/me',
      headers: { 'x-session-id': secondSession },
    });
    expect(byOther.statusCode).toBe(401);
  });

  it('an admin deletes another user; others get 403; 404 for an unknown account', async () => {
    const admin = await createAdmin(t);
    const me = await createUser(t);
    const victim = await createUser(t);
    expect((await call('DELETE', `/delete/${victim.id}`, me)).statusCode).toBe(403);
    expect((await call('DELETE', `/delete/${victim.id}`)).statusCode).toBe(401);
    expect(await t.prisma.user.count({ where: { id: victim.id } })).toBe(1);
    expect((await call('DELETE', `/delete/${victim.id}`, admin)).statusCode).toBe(200);
    expect(await t.prisma.user.count({ where: { id: victim.id } })).toBe(0);
    expect((await call('DELETE', `/delete/${victim.id}`, admin)).statusCode).toBe(404);
    for (const id of BAD_IDS) expect((await call('DELETE', `/delete/${id}`, admin)).statusCode, id).toBe(400);
  });

  it('never deletes the last admin who can sign in', async () => {
    const admin = await createAdmin(t);
    await onlyAdmins(admin);
    const res = await call('DELETE', `/delete/${admin.id}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Нельзя удалить последнего администратора');
    // A blocked admin does not count as the one who stays.
    const blockedAdmin = await createAdmin(t);
    await t.prisma.user.update({ where: { id: blockedAdmin.id }, data: { blockedAt: new Date() } });
    expect((await call('DELETE', `/delete/${admin.id}`, admin)).statusCode).toBe(409);
    // With another working admin it is allowed.
    const second = await createAdmin(t);
    expect((await call('DELETE', `/delete/${admin.id}`, admin)).statusCode).toBe(200);
    expect(await t.prisma.user.count({ where: { typeId: 2, blockedAt: null } })).toBe(1);
    await onlyAdmins(second);
  });

  it('two admins deleting each other at once leave at least one admin', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createAdmin(t);
      const b = await createAdmin(t);
      await onlyAdmins(a, b);
      const results = await Promise.all([
        call('DELETE', `/delete/${b.id}`, a),
        call('DELETE', `/delete/${a.id}`, b),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      expect(await t.prisma.user.count({ where: { typeId: 2 } })).toBe(1);
    }
  });
});

describe('OpenAPI', () => {
  it('lists every call of profile and the admin user actions with their shapes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const [path, method] of [
      ['/api/v1/rest/profile/me', 'get'],
      ['/api/v1/rest/profile/list', 'get'],
      ['/api/v1/rest/profile/search', 'get'],
      ['/api/v1/rest/profile/update/{id}', 'put'],
      ['/api/v1/rest/profile/confirm-email', 'post'],
      ['/api/v1/rest/profile/delete-preview/{id}', 'get'],
      ['/api/v1/rest/profile/delete/{id}', 'delete'],
      ['/api/v1/rest/admin/users/{id}/logout', 'post'],
      ['/api/v1/rest/admin/users/{id}/block', 'post'],
      ['/api/v1/rest/admin/users/{id}/unblock', 'post'],
    ] as const) {
      expect(paths[path]?.[method]?.responses?.['200'], `${method} ${path}`).toBeDefined();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createAdmin,
  createOrganization,
  createUnverified,
  createUser,
  type TestUser,
} from '../../../test/factories';
import { lookUp } from '../../../test/teams';

/** An end date whose grace period (PLAN_GRACE_DAYS, 3 by default) is over. */
const pastGrace = () => new Date(Date.now() - 4 * 24 * 60 * 60 * 1000);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/v1/rest/organizations';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (method: Method, url: string, user?: TestUser | null, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${BASE}${url}`,
    ...(user ? { headers: user.headers } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

let fileCounter = 0;
async function createImage(owner: { id: number }, mime = 'image/png') {
  fileCounter++;
  return t.prisma.file.create({
    data: {
      userId: owner.id,
      name: `f${fileCounter}.png`,
      originalName: 'avatar.png',
      extension: 'png',
      group: 'avatar',
      hash: 'a'.repeat(64),
      mime,
      path: `${mime.startsWith('image/') ? 'images' : 'uploads'}/te/${process.pid}-${fileCounter}.png`,
      size: 100,
    },
  });
}

const memberRow = (organizationId: number, userId: number) =>
  t.prisma.member.findUnique({ where: { organizationId_userId: { organizationId, userId } } });

const BAD_IDS = ['abc', '-1', '1.5', '2147483648', '0'];

describe('authentication', () => {
  it.each([
    ['GET', ''],
    ['GET', '/list'],
    ['POST', ''],
    ['GET', '/1'],
    ['PUT', '/1'],
    ['DELETE', '/1'],
    ['POST', '/add-member/1'],
    ['DELETE', '/delete-member/1'],
    ['PUT', '/update-member-type/1'],
    ['GET', '/pending-users'],
    ['POST', '/accept-member/1'],
    ['GET', '/member-types-list'],
    ['GET', '/org-types-list'],
  ] as [Method, string][])('%s %s without a token is 401', async (method, url) => {
    const res = await call(method, url, null, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, data: null, code: 'UNAUTHORIZED' });
  });
});

describe('GET / (the caller’s organizations)', () => {
  it('lists owned and active-member organizations with the avatar stack and limits', async () => {
    const me = await createUser(t, { name: 'Я Владелец' });
    const others = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(t, { name: `Участник ${i}` })),
    );
    const image = await createImage(me);
    await t.prisma.user.update({
      where: { id: others[0]!.id },
      data: { avatarFileId: (await createImage(others[0]!)).id },
    });
    const mine = await createOrganization(t, me, {
      name: 'Моя команда',
      members: [...others.slice(0, 5).map((o) => ({ id: o.id })), { id: others[5]!.id, status: 'pending' }],
    });
    await t.prisma.organization.update({ where: { id: mine.id }, data: { avatarFileId: image.id } });
    const stranger = await createUser(t);
    const theirs = await createOrganization(t, stranger, { name: 'Чужая', members: [{ id: me.id }] });
    const pendingThere = await createOrganization(t, stranger, {
      name: 'Запрос',
      members: [{ id: me.id, status: 'pending' }],
    });
    await createOrganization(t, stranger, { name: 'Не моя' });

    const res = await call('GET', '?perPage=100', me);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, meta: { page: 1, perPage: 100, total: 2, pages: 1 } });
    const ids = body.data.map((o: { id: number }) => o.id);
    expect(ids.sort()).toEqual([mine.id, theirs.id].sort());
    expect(ids).not.toContain(pendingThere.id);

    const item = body.data.find((o: { id: number }) => o.id === mine.id);
    expect(item).toMatchObject({
      id: mine.id,
      name: 'Моя команда',
      type: { id: 2, code: 'team', name: 'Команда' },
      type_id: 2,
      owner_id: me.id,
      is_your: true,
      members_count: 7,
      remaining_members: 0,
    });
    expect(item.owner).toBeUndefined();
    expect(item.files).toHaveLength(1);
    expect(item.files[0]).toMatchObject({
      id: image.id,
      url: `http://cabinet.test/api/v1/files/download/${image.id}`,
    });
    expect(item.members).toHaveLength(5);
    expect(item.members[0]).toEqual({
      id: expect.any(Number),
      account_id: me.id,
      name: 'Я Владелец',
      email: me.email,
      avatar_url: null,
      type_id: 1,
      status: 'active',
    });
    expect(item.members[1].account_id).toBe(others[0]!.id);
    expect(item.members[1].avatar_url).toMatch(/^http:\/\/cabinet\.test\/api\/v1\/files\/download\/\d+$/);
    const other = body.data.find((o: { id: number }) => o.id === theirs.id);
    expect(other).toMatchObject({ is_your: false, members_count: 2, remaining_members: 3, files: [] });
  });

  it('searches by name, sorts by the spec keys and pages', async () => {
    const me = await createUser(t, { planId: 3 });
    for (const name of ['Бета', 'Альфа', 'Гамма', 'Альфа-2']) await createOrganization(t, me, { name });
    const search = await call('GET', `?search=${encodeURIComponent('АЛЬФ')}&sort_by[title]=asc`, me);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().data.map((o: { name: string }) => o.name)).toEqual(['Альфа', 'Альфа-2']);

    // Wildcards are literal: '%' and '_' match only themselves.
    for (const wildcard of ['%25', '_'])
      expect((await call('GET', `?search=${wildcard}`, me)).json().meta.total).toBe(0);

    const desc = await call('GET', '?sort_by[title]=&order=desc', me);
    expect(desc.json().data.map((o: { name: string }) => o.name)).toEqual([
      'Гамма',
      'Бета',
      'Альфа-2',
      'Альфа',
    ]);

    for (const key of [
      'sort_by[created_at]=asc',
      'sort_by[notification_type_id]=desc',
      'sort_by[text]=asc',
    ]) {
      expect((await call('GET', `?${key}`, me)).statusCode).toBe(200);
    }
    const page = await call('GET', '?perPage=3&page=2&sort_by[created_at]=asc', me);
    expect(page.json().meta).toEqual({ page: 2, pages: 2, perPage: 3, total: 4 });
    expect(page.json().data.map((o: { name: string }) => o.name)).toEqual(['Альфа-2']);
  });

  it.each([
    'sort_by[nope]=asc',
    'sort_by[title]=up',
    'order=sideways',
    'page=0',
    'page=-1',
    'page=abc',
    'page=99999999999',
    'perPage=101',
    'perPage=1.5',
    'unknown=1',
    `search=${'x'.repeat(10_000)}`,
    'search=%00',
  ])('refuses the query %s with 400', async (query) => {
    const me = await createUser(t);
    const res = await call('GET', `?${query}`, me);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(res.json().message).toMatch(/[а-яё]/i);
  });

  it('costs the same number of queries for perPage 5 and 50', async () => {
    const me = await createUser(t, { planId: 3 });
    const friends = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    for (let i = 0; i < 55; i++) {
      const owner = i % 2 === 0 ? me : friends[i % 3]!;
      const members = (owner === me ? friends : [me, ...friends.filter((f) => f !== owner)]).map((f) => ({
        id: f.id,
      }));
      await createOrganization(t, owner, { members });
    }
    // Every statement any pooled client runs goes through the client class's query method.
    const client = await t.database.pool.connect();
    const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    client.release();
    const original = proto.query;
    let queries = 0;
    proto.query = function (this: unknown, ...args: unknown[]) {
      queries++;
      return original.apply(this, args);
    };
    try {
      const measure = async (perPage: number) => {
        queries = 0;
        const res = await call('GET', `?perPage=${perPage}`, me);
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toHaveLength(perPage);
        return queries;
      };
      await measure(5); // warm-up (session touch, prepared statements)
      const small = await measure(5);
      const large = await measure(50);
      expect(small).toBeGreaterThan(0);
      expect(large).toBe(small);
      const admin = await createAdmin(t);
      queries = 0;
      await call('GET', '/list?perPage=5', admin);
      queries = 0;
      await call('GET', '/list?perPage=5', admin);
      const adminSmall = queries;
      queries = 0;
      await call('GET', '/list?perPage=50', admin);
      expect(queries).toBe(adminSmall);
    } finally {
      proto.query = original;
    }
  });
});

describe('GET /list?user_id (admins)', () => {
  it('keeps the organizations a user owns or is an active member of', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const someone = await createUser(t);
    const owned = await createOrganization(t, user);
    const joined = await createOrganization(t, someone, { members: [{ id: user.id }] });
    await createOrganization(t, someone, { members: [{ id: user.id, status: 'pending' }] });
    await createOrganization(t, someone);
    const res = await call('GET', `/list?user_id=${user.id}&perPage=100`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual([owned.id, joined.id].sort());
    expect((await call('GET', '/list?user_id=abc', admin)).statusCode).toBe(400);
    expect((await call('GET', `/?user_id=${user.id}`, user)).statusCode).toBe(400);
  });
});

describe('GET /list (admins)', () => {
  it('refuses a non-admin with 403', async () => {
    const me = await createUser(t);
    const res = await call('GET', '/list', me);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('lists every organization with its owner', async () => {
    const admin = await createAdmin(t);
    const owner = await createUser(t, { name: 'Хозяин' });
    const org = await createOrganization(t, owner, { name: 'Админская проверка' });
    const res = await call('GET', `/list?search=${encodeURIComponent('Админская')}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({
      id: org.id,
      is_your: false,
      owner: { id: owner.id, name: 'Хозяин', email: owner.email },
    });
    expect((await call('GET', '/list?sort_by[bogus]=asc', admin)).statusCode).toBe(400);
  });
});

describe('POST / (create)', () => {
  it('creates the organization and its owner member', async () => {
    const me = await createUser(t, { name: 'Создатель' });
    const image = await createImage(me);
    const res = await call('POST', '', me, { name: '  Новая команда  ', type: 3, image_id: image.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Организация создана' });
    expect(body.data).toMatchObject({
      name: 'Новая команда',
      type: { id: 3, code: 'company', name: 'Компания' },
      owner_id: me.id,
      is_your: true,
      members_count: 1,
      remaining_members: 4,
      files: [{ id: image.id }],
    });
    expect(body.data.members).toEqual([
      expect.objectContaining({
        account_id: me.id,
        type_id: 1,
        type: { id: 1, code: 'owner', name: 'Владелец' },
        status: 'active',
        account: { id: me.id, name: 'Создатель', email: me.email, avatar_url: null },
      }),
    ]);
    const members = await t.prisma.member.findMany({ where: { organizationId: body.data.id } });
    expect(members).toHaveLength(1);
  });

  it.each([
    [{ type: 1 }, 'name', 'Обязательное поле'],
    [{ name: '', type: 1 }, 'name', 'Обязательное поле'],
    [{ name: '   ', type: 1 }, 'name', 'Обязательное поле'],
    [{ name: 'Я', type: 1 }, 'name', 'Название должно содержать минимум 2 символа'],
    [{ name: 'Я'.repeat(41), type: 1 }, 'name', 'Название не должно превышать 40 символов'],
    [{ name: 'Я'.repeat(5_000), type: 1 }, 'name', 'Название не должно превышать 40 символов'],
    [{ name: 'Имя\u0000', type: 1 }, 'name', 'Недопустимые символы'],
    [{ name: 'Команда' }, 'type', undefined],
    [{ name: 'Команда', type: 'abc' }, 'type', undefined],
    [{ name: 'Команда', type: 2147483648 }, 'type', undefined],
    [{ name: 'Команда', type: 1, extra: true }, 'extra', 'Неизвестное поле'],
    [{ name: 'Команда', type: 99 }, 'type', 'Тип организации не найден'],
  ])('refuses %j with 400 on %s', async (payload, field, message) => {
    const me = await createUser(t);
    const res = await call('POST', '', me, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors?.[field], res.body).toBeDefined();
    if (message) expect(res.json().errors[field]).toContain(message);
    expect(await t.prisma.organization.count({ where: { ownerId: me.id } })).toBe(0);
  });

  it('refuses an image that is not the caller’s, or not an image', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const theirs = await createImage(other);
    const pdf = await createImage(me, 'application/pdf');
    for (const image_id of [theirs.id, pdf.id, 2_000_000_000]) {
      const res = await call('POST', '', me, { name: 'Команда', type: 1, image_id });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.image_id).toBeDefined();
    }
    expect(await t.prisma.organization.count({ where: { ownerId: me.id } })).toBe(0);
  });

  it('refuses members from a non-admin with 403', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const res = await call('POST', '', me, {
      name: 'Команда',
      type: 1,
      members: [{ id: other.id, type: 2 }],
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets an admin create for others: the first member is the owner', async () => {
    const admin = await createAdmin(t);
    const [first, second] = await Promise.all([createUser(t), createUser(t)]);
    const res = await call('POST', '', admin, {
      name: 'От администратора',
      type: 2,
      members: [
        { id: first!.id, type: '2' },
        { id: second!.id, type: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.owner_id).toBe(first!.id);
    expect(data.is_your).toBe(false);
    expect(
      data.members.map((m: { account_id: number; type_id: number }) => [m.account_id, m.type_id]),
    ).toEqual([
      [first!.id, 1],
      [second!.id, 2],
    ]);
    expect(await memberRow(data.id, admin.id)).toBeNull();

    const missing = await call('POST', '', admin, {
      name: 'Нет',
      type: 2,
      members: [{ id: 2_000_000_000, type: 2 }],
    });
    expect(missing.statusCode).toBe(404);
    const twice = await call('POST', '', admin, {
      name: 'Дважды',
      type: 2,
      members: [
        { id: first!.id, type: 2 },
        { id: first!.id, type: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
  });

  it('enforces max_organizations and names the plan to upgrade to', async () => {
    const basic = await createUser(t);
    expect((await call('POST', '', basic, { name: 'Первая', type: 1 })).statusCode).toBe(200);
    const second = await call('POST', '', basic, { name: 'Вторая', type: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'LIMIT',
      message:
        'Тариф «Базовый» позволяет не более 1 организации. Перейдите на тариф «Про», чтобы создать больше.',
    });

    const pro = await createUser(t, { planId: 2, planExpiresAt: new Date(Date.now() + 86_400_000) });
    for (let i = 0; i < 5; i++) await createOrganization(t, pro);
    const sixth = await call('POST', '', pro, { name: 'Шестая', type: 1 });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(
      'Тариф «Про» позволяет не более 5 организаций. Перейдите на тариф «Корп», чтобы создать больше.',
    );

    const corp = await createUser(t, { planId: 3 });
    for (let i = 0; i < 20; i++) await createOrganization(t, corp);
    const over = await call('POST', '', corp, { name: 'Лишняя', type: 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'Тариф «Корп» позволяет не более 20 организаций. Это максимальный лимит.',
    );

    // A lapsed plan is 'Базовый' again once its grace period (PLAN_GRACE_DAYS, 3) is over.
    const lapsed = await createUser(t, { planId: 2, planExpiresAt: pastGrace() });
    await createOrganization(t, lapsed);
    expect((await call('POST', '', lapsed, { name: 'Ещё', type: 1 })).json().message).toMatch(
      /^Тариф «Базовый»/,
    );
  });

  it('holds the limit under concurrent creation', async () => {
    const me = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call('POST', '', me, { name: `Гонка ${i}`, type: 1 })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await t.prisma.organization.count({ where: { ownerId: me.id } })).toBe(1);
  });
});

describe('GET /{id}', () => {
  it('shows the organization with all members to an active member and to admins', async () => {
    const owner = await createUser(t, { planId: 2, planExpiresAt: new Date(Date.now() + 86_400_000) });
    const member = await createUser(t, { name: 'Участник' });
    const pending = await createUser(t);
    const org = await createOrganization(t, owner, {
      members: [{ id: member.id }, { id: pending.id, status: 'pending' }],
    });
    const res = await call('GET', `/${org.id}`, member);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: org.id,
      owner_id: owner.id,
      is_your: false,
      type_id: 2,
      members_count: 3,
      remaining_members: 22,
      files: [],
    });
    expect(data.members.map((m: { account_id: number }) => m.account_id)).toEqual([
      owner.id,
      member.id,
      pending.id,
    ]);
    expect(Object.keys(data.members[1]).sort()).toEqual(
      [
        'id',
        'account',
        'account_id',
        'organization_id',
        'type_id',
        'type',
        'status',
        'public_key',
        'auto_linked',
        'created_at',
        'updated_at',
      ].sort(),
    );
    expect(data.members[1]).toMatchObject({
      organization_id: org.id,
      type: { id: 2, code: 'member', name: 'Участник' },
      status: 'active',
      public_key: null,
      auto_linked: false,
    });
    expect(data.members[2].status).toBe('pending');
    expect((await call('GET', `/${org.id}`, owner)).json().data.is_your).toBe(true);
    expect((await call('GET', `/${org.id}`, await createAdmin(t))).statusCode).toBe(200);
  });

  it('answers 404 to strangers and pending members, and for unknown ids', async () => {
    const owner = await createUser(t);
    const pending = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: pending.id, status: 'pending' }] });
    for (const user of [await createUser(t), pending]) {
      const res = await call('GET', `/${org.id}`, user);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Организация не найдена');
    }
    expect((await call('GET', '/2000000000', owner)).statusCode).toBe(404);
  });

  it.each(BAD_IDS)('refuses the id %s with 400', async (id) => {
    const me = await createUser(t);
    for (const method of ['GET', 'PUT', 'DELETE'] as Method[]) {
      const res = await call(method, `/${id}`, me, method === 'PUT' ? { name: 'Имя', type: 1 } : undefined);
      expect(res.statusCode).toBe(400);
    }
    expect((await call('POST', `/add-member/${id}`, me, { user_id: me.id })).statusCode).toBe(400);
    expect((await call('DELETE', `/delete-member/${id}`, me, { user_id: me.id })).statusCode).toBe(400);
    expect((await call('POST', `/accept-member/${id}`, me, { user_id: me.id })).statusCode).toBe(400);
    expect((await call('PUT', `/update-member-type/${id}`, me, { user_id: me.id, type: 2 })).statusCode).toBe(
      400,
    );
  });
});

describe('PUT /{id} and DELETE /{id}', () => {
  it('lets the owner rename, retype and change or remove the avatar', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const image = await createImage(owner);
    const res = await call('PUT', `/${org.id}`, owner, {
      name: 'Переименована',
      type: 1,
      image_id: image.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Организация обновлена', data: null });
    let row = await t.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect([row.name, row.typeId, row.avatarFileId]).toEqual(['Переименована', 1, image.id]);

    // Absent image_id keeps the avatar; null removes it.
    await call('PUT', `/${org.id}`, owner, { name: 'Снова', type: 2 });
    row = await t.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(row.avatarFileId).toBe(image.id);
    await call('PUT', `/${org.id}`, owner, { name: 'Снова', type: 2, image_id: null });
    row = await t.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(row.avatarFileId).toBeNull();

    // One image is the avatar of one thing only.
    const other = await createOrganization(t, await createUser(t));
    await t.prisma.organization.update({ where: { id: other.id }, data: { avatarFileId: image.id } });
    const taken = await call('PUT', `/${org.id}`, owner, { name: 'Снова', type: 2, image_id: image.id });
    expect(taken.statusCode).toBe(409);
  });

  it('refuses members (403), strangers (404) and bad bodies (400); admins may edit', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const org = await createOrganization(t, owner, { name: 'Исходное', members: [{ id: member.id }] });
    expect((await call('PUT', `/${org.id}`, member, { name: 'Взлом', type: 1 })).statusCode).toBe(403);
    expect(
      (await call('PUT', `/${org.id}`, await createUser(t), { name: 'Взлом', type: 1 })).statusCode,
    ).toBe(404);
    for (const payload of [
      { name: 'X', type: 1 },
      { name: 'Y'.repeat(41), type: 1 },
      { name: 'Имя', type: 1, owner_id: member.id },
      { name: 'Имя' },
      { name: 'Имя', type: 1, image_id: 'abc' },
    ]) {
      expect((await call('PUT', `/${org.id}`, owner, payload)).statusCode).toBe(400);
    }
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).name).toBe('Исходное');
    const admin = await createAdmin(t);
    expect((await call('PUT', `/${org.id}`, admin, { name: 'Админ', type: 3 })).statusCode).toBe(200);
  });

  it('deletes for the owner and admins only', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: member.id }] });
    expect((await call('DELETE', `/${org.id}`, member)).statusCode).toBe(403);
    expect((await call('DELETE', `/${org.id}`, await createUser(t))).statusCode).toBe(404);
    const res = await call('DELETE', `/${org.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Организация удалена', data: null });
    expect(await t.prisma.organization.findUnique({ where: { id: org.id } })).toBeNull();
    expect(await t.prisma.member.count({ where: { organizationId: org.id } })).toBe(0);

    const other = await createOrganization(t, owner);
    expect((await call('DELETE', `/${other.id}`, await createAdmin(t))).statusCode).toBe(200);
    expect((await call('DELETE', `/${other.id}`, owner)).statusCode).toBe(404);
  });
});

describe('POST /add-member/{id}', () => {
  it('adds an existing user as an active member', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const user = await createUser(t, { name: 'Новичок' });
    // The web's 'Добавить пользователя': the exact e-mail first, then the id (decision 0190).
    await lookUp(t, owner, user);
    const res = await call('POST', `/add-member/${org.id}`, owner, { user_id: user.id, type: '2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Пользователь Новичок добавлен в организацию',
      data: {
        account_id: user.id,
        organization_id: org.id,
        type_id: 2,
        status: 'active',
        account: { id: user.id, name: 'Новичок', email: user.email, avatar_url: null },
      },
    });
    const again = await call('POST', `/add-member/${org.id}`, owner, { user_id: user.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Пользователь уже состоит в организации');
    // Any status counts: a pending request is already membership.
    const requester = await createUser(t);
    await t.prisma.member.create({
      data: { organizationId: org.id, userId: requester.id, status: 'pending' },
    });
    expect((await call('POST', `/add-member/${org.id}`, owner, { user_id: requester.id })).statusCode).toBe(
      409,
    );
  });

  it('refuses unknown users, other types, members, strangers and bad bodies', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: member.id }] });
    const user = await createUser(t);
    const missing = await call('POST', `/add-member/${org.id}`, owner, { user_id: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Пользователь не найден');
    expect(
      (await call('POST', `/add-member/${org.id}`, owner, { user_id: user.id, type: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', `/add-member/${org.id}`, owner, { user_id: user.id, extra: 1 })).statusCode,
    ).toBe(400);
    expect((await call('POST', `/add-member/${org.id}`, owner, { user_id: 'abc' })).statusCode).toBe(400);
    expect((await call('POST', `/add-member/${org.id}`, owner, {})).statusCode).toBe(400);
    expect((await call('POST', `/add-member/${org.id}`, member, { user_id: user.id })).statusCode).toBe(403);
    expect(
      (await call('POST', `/add-member/${org.id}`, await createUser(t), { user_id: user.id })).statusCode,
    ).toBe(404);
    expect(await memberRow(org.id, user.id)).toBeNull();
    expect(
      (await call('POST', `/add-member/${org.id}`, await createAdmin(t), { user_id: user.id })).statusCode,
    ).toBe(200);
  });

  it('refuses a non-admin an account that never completed sign-in, like an unknown one; admins may', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const unverified = await createUnverified(t);
    const refused = await call('POST', `/add-member/${org.id}`, owner, { user_id: unverified.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, message: 'Пользователь не найден', data: null });
    expect(await memberRow(org.id, unverified.id)).toBeNull();
    const byAdmin = await call('POST', `/add-member/${org.id}`, await createAdmin(t), {
      user_id: unverified.id,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it('names the added person by name only, never by an address the caller did not send', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const nameless = await createUser(t, { name: '' });
    await lookUp(t, owner, nameless);
    const res = await call('POST', `/add-member/${org.id}`, owner, { user_id: nameless.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Пользователь добавлен в организацию');
    expect(res.json().message).not.toContain('@');
  });

  it('limits a non-admin to 60 calls a minute (429 with Retry-After); admins are not limited', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const admin = await createAdmin(t);
    // Unknown ids: each call is a lookup, answered 404 but counted.
    for (let i = 0; i < 60; i++) {
      expect(
        (await call('POST', `/add-member/${org.id}`, owner, { user_id: 2_000_000_000 - i })).statusCode,
      ).toBe(404);
    }
    const limited = await call('POST', `/add-member/${org.id}`, owner, { user_id: 2_000_000_000 });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Слишком много запросов, попробуйте через \d+ с$/);
    for (let i = 0; i < 61; i++) {
      expect(
        (await call('POST', `/add-member/${org.id}`, admin, { user_id: 2_000_000_000 - i })).statusCode,
      ).toBe(404);
    }
  });

  it('enforces max_members, counting pending members', async () => {
    const owner = await createUser(t);
    const others = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    const org = await createOrganization(t, owner, {
      members: others.map((o, i) => ({ id: o.id, status: i === 0 ? 'pending' : 'active' })),
    });
    const user = await createUser(t);
    await lookUp(t, owner, user);
    const res = await call('POST', `/add-member/${org.id}`, owner, { user_id: user.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'LIMIT',
      message:
        'Тариф «Базовый» позволяет не более 5 участников в организации. Перейдите на тариф «Про», чтобы добавить больше.',
    });
    expect(await memberRow(org.id, user.id)).toBeNull();
  });

  it('makes exactly one row out of 50 concurrent additions of one user', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const user = await createUser(t);
    await lookUp(t, owner, user);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/add-member/${org.id}`, owner, { user_id: user.id })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe('Пользователь уже состоит в организации');
    }
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: user.id } })).toBe(1);
  });

  it('holds the member limit under concurrent additions of different users', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
    await lookUp(t, owner, ...users);
    const results = await Promise.all(
      users.map((u) => call('POST', `/add-member/${org.id}`, owner, { user_id: u.id })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 409 && r.json().code === 'LIMIT')).toHaveLength(8);
    expect(await t.prisma.member.count({ where: { organizationId: org.id } })).toBe(5);
  });
});

describe('DELETE /delete-member/{id}', () => {
  it('lets the owner remove a member and reject a join request', async () => {
    const owner = await createUser(t);
    const [member, requester] = await Promise.all([createUser(t), createUser(t)]);
    const org = await createOrganization(t, owner, {
      members: [{ id: member.id }, { id: requester.id, status: 'pending' }],
    });
    const removed = await call('DELETE', `/delete-member/${org.id}`, owner, { user_id: member.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Участник удалён из организации', data: null });
    const rejected = await call('DELETE', `/delete-member/${org.id}`, owner, { user_id: requester.id });
    expect(rejected.json().message).toBe('Запрос на вступление отклонён');
    expect(await t.prisma.member.count({ where: { organizationId: org.id } })).toBe(1);
    expect((await call('DELETE', `/delete-member/${org.id}`, owner, { user_id: member.id })).statusCode).toBe(
      404,
    );
  });

  it('lets a member leave but not remove others', async () => {
    const owner = await createUser(t);
    const [a, b] = await Promise.all([createUser(t), createUser(t)]);
    const org = await createOrganization(t, owner, { members: [{ id: a.id }, { id: b.id }] });
    expect((await call('DELETE', `/delete-member/${org.id}`, a, { user_id: b.id })).statusCode).toBe(403);
    const left = await call('DELETE', `/delete-member/${org.id}`, a, { user_id: a.id });
    expect(left.statusCode).toBe(200);
    expect(left.json().message).toBe('Вы покинули организацию');
    expect(await memberRow(org.id, a.id)).toBeNull();
    expect(
      (await call('DELETE', `/delete-member/${org.id}`, await createUser(t), { user_id: b.id })).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/delete-member/${org.id}`, await createAdmin(t), { user_id: b.id })).statusCode,
    ).toBe(200);
  });

  it('never removes the owner', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    for (const caller of [owner, await createAdmin(t)]) {
      const res = await call('DELETE', `/delete-member/${org.id}`, caller, { user_id: owner.id });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Владельца нельзя удалить из организации');
    }
    expect(await memberRow(org.id, owner.id)).toMatchObject({ typeId: 1, status: 'active' });
  });

  it('keeps exactly one owner whatever runs at once', async () => {
    const owner = await createUser(t);
    const admin = await createAdmin(t);
    const member = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: member.id }] });
    const attempts = Array.from({ length: 20 }, (_, i) => {
      const caller = i % 2 === 0 ? owner : admin;
      switch (i % 4) {
        case 0:
          return call('DELETE', `/delete-member/${org.id}`, caller, { user_id: owner.id });
        case 1:
          return call('PUT', `/update-member-type/${org.id}`, caller, { user_id: owner.id, type: 2 });
        case 2:
          return call('PUT', `/update-member-type/${org.id}`, caller, { user_id: member.id, type: 2 });
        default:
          return call('POST', `/add-member/${org.id}`, caller, { user_id: owner.id });
      }
    });
    const results = await Promise.all(attempts);
    results.forEach((r, i) => {
      expect(r.statusCode).toBe(i % 4 === 2 ? 200 : 409);
    });
    const owners = await t.prisma.member.findMany({ where: { organizationId: org.id, typeId: 1 } });
    expect(owners.map((m) => m.userId)).toEqual([owner.id]);
  });
});

describe('PUT /update-member-type/{id}', () => {
  it('assigns 2 or 3 and never the owner’s type; the owner is never demoted', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: member.id }] });
    const ok = await call('PUT', `/update-member-type/${org.id}`, owner, { user_id: member.id, type: '2' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Тип участника обновлён',
      data: { account_id: member.id, type_id: 2 },
    });
    const promote = await call('PUT', `/update-member-type/${org.id}`, owner, {
      user_id: member.id,
      type: 1,
    });
    expect(promote.statusCode).toBe(400);
    expect(promote.json().message).toMatch(/передачей организации/);
    expect(
      (await call('PUT', `/update-member-type/${org.id}`, owner, { user_id: member.id, type: 4 })).statusCode,
    ).toBe(400);
    const admin = await call('PUT', `/update-member-type/${org.id}`, owner, { user_id: member.id, type: 3 });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data).toMatchObject({ type_id: 3, type: { id: 3, name: 'Администратор' } });
    const demote = await call('PUT', `/update-member-type/${org.id}`, owner, { user_id: owner.id, type: 2 });
    expect(demote.statusCode).toBe(409);
    expect(
      (await call('PUT', `/update-member-type/${org.id}`, owner, { user_id: 2_000_000_000, type: 2 }))
        .statusCode,
    ).toBe(404);
    expect(await memberRow(org.id, owner.id)).toMatchObject({ typeId: 1 });
  });

  it('a member (type 2) may not change types: 403', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: member.id }] });
    expect(
      (await call('PUT', `/update-member-type/${org.id}`, member, { user_id: member.id, type: 2 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('join requests: GET /pending-users and POST /accept-member/{id}', () => {
  it('lists requests in the caller’s organizations; admins see all', async () => {
    const owner = await createUser(t);
    const requester = await createUser(t, { name: 'Просящий' });
    const org = await createOrganization(t, owner, {
      name: 'С запросом',
      members: [{ id: requester.id, status: 'pending' }],
    });
    const res = await call('GET', '/pending-users', owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, meta: { page: 1, perPage: 20, total: 1, pages: 1 } });
    expect(res.json().data[0]).toEqual({
      id: expect.any(Number),
      organization: { id: org.id, name: 'С запросом' },
      account: { id: requester.id, name: 'Просящий', email: requester.email, avatar_url: null },
      // Not made by finish-adding, so nobody is recorded as having asked (decision 0098).
      requested_by: null,
      created_at: expect.any(String),
    });
    expect((await call('GET', '/pending-users', requester)).json().data).toEqual([]);
    const adminView = await call('GET', '/pending-users?perPage=100', await createAdmin(t));
    expect(adminView.json().data.map((p: { account: { id: number } }) => p.account.id)).toContain(
      requester.id,
    );
    expect((await call('GET', '/pending-users?perPage=0', owner)).statusCode).toBe(400);
    expect((await call('GET', '/pending-users?foo=1', owner)).statusCode).toBe(400);
  });

  it('accepts a request: the member becomes active', async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const requester = await createUser(t);
    const org = await createOrganization(t, owner, {
      members: [{ id: member.id }, { id: requester.id, status: 'pending' }],
    });
    expect(
      (await call('POST', `/accept-member/${org.id}`, member, { user_id: requester.id })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/accept-member/${org.id}`, await createUser(t), { user_id: requester.id }))
        .statusCode,
    ).toBe(404);
    const res = await call('POST', `/accept-member/${org.id}`, owner, { user_id: requester.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Участник принят в организацию',
      data: { status: 'active' },
    });
    expect((await memberRow(org.id, requester.id))?.status).toBe('active');
    const again = await call('POST', `/accept-member/${org.id}`, owner, { user_id: requester.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Запрос на вступление не найден');
  });

  it('checks the member limit again when accepting', async () => {
    // Six members (one pending) under a lapsed 'Про' plan past its grace period: 'Базовый' allows five.
    const owner = await createUser(t, { planId: 2, planExpiresAt: pastGrace() });
    const others = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    const org = await createOrganization(t, owner, {
      members: others.map((o, i) => ({ id: o.id, status: i === 4 ? 'pending' : 'active' })),
    });
    const res = await call('POST', `/accept-member/${org.id}`, owner, { user_id: others[4]!.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LIMIT');
    expect((await memberRow(org.id, others[4]!.id))?.status).toBe('pending');
  });
});

describe('reference lists', () => {
  it('lists organization types and member types', async () => {
    const me = await createUser(t);
    const orgTypes = await call('GET', '/org-types-list', me);
    expect(orgTypes.statusCode).toBe(200);
    expect(orgTypes.json()).toMatchObject({
      success: true,
      meta: { page: 1, pages: 1, perPage: 20, total: 3 },
    });
    expect(orgTypes.json().data[0]).toEqual({
      id: 1,
      code: 'personal',
      name: 'Личное пространство',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const filtered = await call('GET', `/org-types-list?name=${encodeURIComponent('команд')}`, me);
    expect(filtered.json().data.map((r: { code: string }) => r.code)).toEqual(['team']);
    const memberTypes = await call('GET', '/member-types-list?perPage=1&page=2', me);
    expect(memberTypes.json()).toMatchObject({
      data: [{ id: 2, code: 'member', name: 'Участник' }],
      meta: { total: 3 },
    });
    // Member type 3, an organization admin (issue 13).
    const all = await call('GET', '/member-types-list', me);
    expect(all.json().data.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([
      [1, 'Владелец'],
      [2, 'Участник'],
      [3, 'Администратор'],
    ]);
    expect((await call('GET', '/member-types-list?page=-1', me)).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every call of the area', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of [
      '/api/v1/rest/organizations',
      '/api/v1/rest/organizations/list',
      '/api/v1/rest/organizations/{id}',
      '/api/v1/rest/organizations/add-member/{id}',
      '/api/v1/rest/organizations/delete-member/{id}',
      '/api/v1/rest/organizations/update-member-type/{id}',
      '/api/v1/rest/organizations/pending-users',
      '/api/v1/rest/organizations/accept-member/{id}',
      '/api/v1/rest/organizations/member-types-list',
      '/api/v1/rest/organizations/org-types-list',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { desktopCall, startAddingIds } from '../../../test/desktop';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import { invite, lookUp, restCall } from '../../../test/teams';

// Issue 27 item 2 (decision 0190): a non-admin adds by id only an account they have a reason to know;
// anything else is refused exactly as an unknown id. A person added directly is told by mail.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const addMember = (by: TestUser, organizationId: number, userId: number) =>
  restCall(t, 'POST', `/organizations/add-member/${organizationId}`, by, { user_id: userId });
const finishAdding = (by: TestUser, organizationId: number, accountIds: number[]) =>
  desktopCall(t, 'POST', `/${organizationId}/collaborators/finish-adding`, by, { accountIds });
const memberCount = (organizationId: number, userId: number) =>
  t.prisma.member.count({ where: { organizationId, userId } });

async function team() {
  const owner = await createUser(t, { name: 'Ольга Владелица', planId: 2 });
  const org = await createOrganization(t, owner, { name: 'Отдел продаж' });
  return { owner, org };
}

describe('add-member and finish-adding take only a known account', () => {
  it('an account never looked up answers exactly as an unknown id: 404, same body, nothing created', async () => {
    const { owner, org } = await team();
    const stranger = await createUser(t);
    const unknown = await addMember(owner, org.id, 2_000_000_000);
    const unknowable = await addMember(owner, org.id, stranger.id);
    expect(unknowable.statusCode).toBe(404);
    expect(unknowable.json()).toEqual(unknown.json());
    expect(unknowable.json()).toEqual({
      success: false,
      message: 'Пользователь не найден',
      data: null,
      code: 'NOT_FOUND',
    });
    expect(unknowable.headers['content-length']).toBe(unknown.headers['content-length']);
    expect(await memberCount(org.id, stranger.id)).toBe(0);
    // The desktop's finish-adding too, without its start-adding.
    const desktop = await finishAdding(owner, org.id, [stranger.id]);
    expect(desktop.statusCode).toBe(404);
    expect(desktop.json()).toEqual(unknown.json());
    expect(await memberCount(org.id, stranger.id)).toBe(0);
  });

  it("the web's flow: the exact e-mail (profile/search), then add-member; the lookup lasts 15 minutes", async () => {
    const { owner, org } = await team();
    const [found, later] = [await createUser(t), await createUser(t)];
    await lookUp(t, owner, found, later);
    const added = await addMember(owner, org.id, found.id);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({ account_id: found.id, status: 'active' });
    // 16 minutes on, the lookup no longer counts.
    t.setNow(new Date(Date.now() + 16 * 60_000));
    try {
      expect((await addMember(owner, org.id, later.id)).statusCode).toBe(404);
      expect(await t.app.jobs.run('prune-user-lookups')).toBeGreaterThanOrEqual(2);
    } finally {
      t.setNow(null);
    }
    expect(await memberCount(org.id, later.id)).toBe(0);
  });

  it('a lookup by someone else, or a substring search, lets nobody add the account', async () => {
    const { owner, org } = await team();
    const target = await createUser(t);
    const other = await createUser(t);
    await lookUp(t, other, target);
    const partial = await restCall(t, 'GET', `/profile/search?search=${target.email.slice(0, 8)}`, owner);
    expect(partial.json().data).toEqual([]);
    expect((await addMember(owner, org.id, target.id)).statusCode).toBe(404);
  });

  it('profile/list by exact e-mail, a join request, an invitation or a shared organization make it known', async () => {
    const { owner, org } = await team();
    const [colleague, requester, invited, listed] = [
      await createUser(t),
      await createUser(t),
      await createUser(t),
      await createUser(t),
    ];
    await createOrganization(t, owner, {
      name: 'Другая',
      members: [{ id: colleague.id }, { id: listed.id }],
    });
    await t.prisma.member.create({
      data: { organizationId: org.id, userId: requester.id, status: 'pending' },
    });
    await invite(t, owner, org.id, invited.email);

    expect((await addMember(owner, org.id, colleague.id)).statusCode).toBe(200);
    // Known through its join request: it is a member already (409), not an unknown id (404).
    expect((await addMember(owner, org.id, requester.id)).statusCode).toBe(409);
    expect((await addMember(owner, org.id, invited.id)).statusCode).toBe(200);
    const list = await restCall(t, 'GET', `/profile/list?search=${encodeURIComponent(listed.email)}`, owner);
    expect(list.json().data).toHaveLength(1);
    expect(await t.prisma.userLookup.count({ where: { callerId: owner.id, userId: listed.id } })).toBe(1);
  });

  it("finish-adding takes start-adding's answer; an organization admin's finish-adding follows the same rule", async () => {
    const { org } = await team();
    const orgAdmin = await createUser(t);
    await t.prisma.member.create({
      data: { organizationId: org.id, userId: orgAdmin.id, typeId: 3, status: 'active' },
    });
    const [a, b] = [await createUser(t), await createUser(t)];
    await startAddingIds(t, orgAdmin, org.id, [a.id]);
    const refused = await finishAdding(orgAdmin, org.id, [a.id, b.id]);
    expect(refused.statusCode).toBe(404);
    expect(await memberCount(org.id, a.id)).toBe(0);
    const added = await finishAdding(orgAdmin, org.id, [a.id]);
    expect(added.statusCode, added.body).toBe(200);
    expect(await memberCount(org.id, a.id)).toBe(1);
  });

  it('a site admin adds any account', async () => {
    const { org } = await team();
    const admin = await createAdmin(t);
    const anyone = await createUser(t);
    expect((await addMember(admin, org.id, anyone.id)).statusCode).toBe(200);
  });
});

describe("the mail 'Вас добавили в организацию'", () => {
  it('names who added them and how to leave, carries no token, and goes through the outbox', async () => {
    const { owner, org } = await team();
    const person = await createUser(t);
    await lookUp(t, owner, person);
    expect((await addMember(owner, org.id, person.id)).statusCode).toBe(200);
    const mail = await t.smtp.nextMail(person.email);
    expect(mail.subject).toBe('Вас добавили в организацию «Отдел продаж»');
    expect(mail.text).toContain(
      `Ольга Владелица (${owner.email}) добавил(а) вас в организацию «Отдел продаж»`,
    );
    expect(mail.text).toContain('«Покинуть организацию»');
    expect(mail.text).toContain(`http://cabinet.test/app/dashboard/organizations/${org.id}/collaborators`);
    expect(mail.text).not.toMatch(/[A-Za-z0-9_-]{32,}/);
    expect(mail.text).not.toContain(owner.token);
    const row = await t.prisma.mailOutbox.findFirst({ where: { to: person.email } });
    expect(row?.subject).toBe('Вас добавили в организацию «Отдел продаж»');

    // The desktop's direct addition by the owner mails too; a join request by a member does not.
    const desktopAdded = await createUser(t);
    await startAddingIds(t, owner, org.id, [desktopAdded.id]);
    expect((await finishAdding(owner, org.id, [desktopAdded.id])).statusCode).toBe(200);
    expect((await t.smtp.nextMail(desktopAdded.email)).subject).toBe(
      'Вас добавили в организацию «Отдел продаж»',
    );

    // A site admin creating an organization with its members puts them in directly too.
    const admin = await createAdmin(t, { name: 'Админ Сайта' });
    const [first, second] = [await createUser(t), await createUser(t)];
    const created = await restCall(t, 'POST', '/organizations', admin, {
      name: 'Новый отдел',
      type: 2,
      members: [
        { id: first.id, type: 1 },
        { id: second.id, type: 2 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    for (const person of [first, second]) {
      const mail = await t.smtp.nextMail(person.email);
      expect(mail.subject).toBe('Вас добавили в организацию «Новый отдел»');
      expect(mail.text).toContain(`Админ Сайта (${admin.email}) добавил(а) вас`);
    }
  });
});

describe('exact-e-mail lookups are limited per account and per client address', () => {
  // An app of its own, with small budgets.
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { emailLookups: { account: 5, address: 8 } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = (by: TestUser, email: string, remoteAddress = '198.51.100.1') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/rest/profile/search?search=${encodeURIComponent(email)}`,
      headers: by.headers,
      remoteAddress,
    });

  it('past the account budget 429, whatever the address; past the address budget 429 for every account', async () => {
    const [one, two, three] = [await createUser(t), await createUser(t), await createUser(t)];
    const target = await createUser(t);
    for (let i = 0; i < 5; i++)
      expect((await search(one, target.email, `198.51.100.${10 + i}`)).statusCode).toBe(200);
    const over = await search(one, target.email, '198.51.100.99');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Слишком много запросов, попробуйте через \d+ с$/);

    // One address, two accounts: 8 lookups between them, then 429 for a third account too.
    for (let i = 0; i < 4; i++) expect((await search(two, target.email, '203.0.113.5')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await search(three, target.email, '203.0.113.5')).statusCode).toBe(200);
    expect((await search(await createUser(t), target.email, '203.0.113.5')).statusCode).toBe(429);
    // Each address of start-adding is a lookup.
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const many = await desktopCall(t, 'POST', `/${org.id}/collaborators/start-adding`, owner, {
      emails: Array.from({ length: 6 }, (_, i) => `nobody-${i}-${Date.now()}@example.com`),
    });
    expect(many.statusCode).toBe(429);
  });

  it('site admins are not limited', async () => {
    const admin = await createAdmin(t);
    const target = await createUser(t);
    for (let i = 0; i < 7; i++)
      expect((await search(admin, target.email, '192.0.2.200')).statusCode).toBe(200);
  });
});

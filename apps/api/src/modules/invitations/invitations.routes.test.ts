import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
  uniqueEmail,
} from '../../../test/factories';
import { invite, lastInviteToken, lookUp, mailedInviteTokens, restCall } from '../../../test/teams';
import { invitationTokenHash } from './invitations.mapper';

// Invitations by e-mail (issue 13, decisions 0130 and 0131): every call, every role, every refusal.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user?: TestUser | null,
  body?: unknown,
) => restCall(t, method, url, user, body);

/** An owner with an organization; `members` are active type-2 members. */
async function team(members: TestUser[] = [], planId = 1) {
  const owner = await createUser(t, { name: 'Ольга Владелец', planId });
  const org = await createOrganization(t, owner, {
    name: 'Отдел',
    members: members.map((m) => ({ id: m.id })),
  });
  return { owner, org };
}

/** Moves an invitation's end (or last mail) into the past, as if time had passed. */
const age = (id: number, data: { expiresAt?: Date; sentAt?: Date }) =>
  t.prisma.invitation.update({ where: { id }, data });

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('authentication and access', () => {
  it.each([
    ['POST', '/organizations/1/invitations'],
    ['GET', '/organizations/1/invitations'],
    ['POST', '/organizations/1/invitations/1/resend'],
    ['DELETE', '/organizations/1/invitations/1'],
    ['GET', '/invitations'],
    ['POST', '/invitations/1/accept'],
    ['POST', '/invitations/1/decline'],
  ] as const)('%s %s without a session is 401', async (method, url) => {
    expect((await call(method, url, null, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
  });

  it('a member (type 2) gets 403, a stranger and a pending requester 404, on every organization call', async () => {
    const member = await createUser(t);
    const requester = await createUser(t);
    const stranger = await createUser(t);
    const owner = await createUser(t);
    const org = await createOrganization(t, owner, {
      members: [{ id: member.id }, { id: requester.id, status: 'pending' }],
    });
    const created = await invite(t, owner, org.id, uniqueEmail('x'));
    const calls = [
      ['POST', `/organizations/${org.id}/invitations`, { email: uniqueEmail('y'), type_id: 2 }],
      ['GET', `/organizations/${org.id}/invitations`, undefined],
      ['POST', `/organizations/${org.id}/invitations/${created.id}/resend`, undefined],
      ['DELETE', `/organizations/${org.id}/invitations/${created.id}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await call(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, stranger, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(method, url, requester, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.prisma.invitation.findUniqueOrThrow({ where: { id: created.id } })).status).toBe(
      'pending',
    );
  });

  it('bad input is 400 and changes nothing', async () => {
    const { owner, org } = await team();
    const url = `/organizations/${org.id}/invitations`;
    for (const body of [
      {},
      { email: 'not-an-address', type_id: 2 },
      { email: uniqueEmail(), type_id: 1 },
      { email: uniqueEmail(), type_id: 4 },
      { email: uniqueEmail(), type_id: 2, extra: true },
      { email: `a\u0000b@example.com`, type_id: 2 },
    ]) {
      const res = await call('POST', url, owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[А-Яа-яЁё]/);
    }
    expect((await call('POST', url, owner, { email: uniqueEmail(), type_id: 1 })).json().message).toMatch(
      /передачей организации/,
    );
    for (const bad of ['abc', '-1', '0', '2147483648']) {
      expect((await call('GET', `/organizations/${bad}/invitations`, owner)).statusCode).toBe(400);
      expect((await call('DELETE', `/organizations/${org.id}/invitations/${bad}`, owner)).statusCode).toBe(
        400,
      );
      expect((await call('POST', `/invitations/${bad}/accept`, owner)).statusCode).toBe(400);
    }
    expect((await call('GET', `${url}?status=lost`, owner)).statusCode).toBe(400);
    expect((await call('GET', `${url}?perPage=101`, owner)).statusCode).toBe(400);
    expect(await t.prisma.invitation.count({ where: { organizationId: org.id } })).toBe(0);
  });
});

describe('POST /organizations/{id}/invitations', () => {
  it('answers 201 with the invitation and mails a link that only the stored hash matches', async () => {
    const { owner, org } = await team();
    const email = uniqueEmail('Invitee').toUpperCase();
    const res = await call('POST', `/organizations/${org.id}/invitations`, owner, { email, type_id: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const lower = email.toLowerCase();
    expect(res.json()).toEqual({
      success: true,
      message: `Приглашение отправлено на ${lower}`,
      data: {
        id: expect.any(Number),
        organization_id: org.id,
        organization: { id: org.id, name: 'Отдел' },
        email: lower,
        type_id: 2,
        status: 'pending',
        invited_by: { id: owner.id, name: 'Ольга Владелец', email: owner.email },
        created_at: expect.any(String),
        sent_at: expect.any(String),
        expires_at: expect.any(String),
      },
    });
    const data = res.json().data;
    const days = (Date.parse(data.expires_at) - Date.parse(data.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);

    const [mail] = t.smtp.mailsTo(lower);
    expect(mail?.subject).toBe('Приглашение в организацию «Отдел»');
    expect(mail?.text).toContain('Ольга Владелец');
    expect(mail?.text).toContain(owner.email);
    expect(mail?.text).toMatch(/действует до \d{1,2} [а-я]+ \d{4}/);
    expect(mail?.text).toContain('«Участник»');
    expect(mail?.html).toContain('Отдел');
    const token = lastInviteToken(t, lower);
    // 256 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.prisma.invitation.findUniqueOrThrow({ where: { id: data.id } });
    expect(Buffer.from(row.tokenHash).equals(Buffer.from(invitationTokenHash(token)))).toBe(true);
    expect(Buffer.from(row.tokenHash).toString('utf8')).not.toContain(token);
  });

  it('409 for a member’s address, for an address with an open invitation and past the plan’s seats', async () => {
    const member = await createUser(t);
    const { owner, org } = await team([member]);
    const taken = await call('POST', `/organizations/${org.id}/invitations`, owner, {
      email: member.email,
      type_id: 2,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Пользователь с этим адресом уже состоит в организации');

    const email = uniqueEmail();
    await invite(t, owner, org.id, email);
    const twice = await call('POST', `/organizations/${org.id}/invitations`, owner, { email, type_id: 3 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('На этот адрес уже отправлено приглашение в организацию');

    // 'Базовый' seats 5: owner, member and three invitations fill it.
    await invite(t, owner, org.id, uniqueEmail());
    await invite(t, owner, org.id, uniqueEmail());
    const full = await call('POST', `/organizations/${org.id}/invitations`, owner, {
      email: uniqueEmail(),
      type_id: 2,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'LIMIT' });
    expect(full.json().message).toMatch(/Перейдите на тариф «Про»/);
    const seats = await call('GET', `/organizations/${org.id}`, owner);
    expect(seats.json().data).toMatchObject({ members_count: 2, remaining_members: 0 });
    const list = await call('GET', '/organizations', owner);
    expect(list.json().data[0]).toMatchObject({ id: org.id, members_count: 2, remaining_members: 0 });
    // The seats also hold against adding an existing account directly.
    const other = await createUser(t);
    await lookUp(t, owner, other);
    const add = await call('POST', `/organizations/add-member/${org.id}`, owner, { user_id: other.id });
    expect(add.statusCode).toBe(409);
  });

  it('an expired invitation frees its seat and the address; a new one replaces it', async () => {
    const { owner, org } = await team();
    const email = uniqueEmail();
    const first = await invite(t, owner, org.id, email);
    await age(first.id, { expiresAt: minutesAgo(1) });
    expect((await call('GET', `/organizations/${org.id}`, owner)).json().data.remaining_members).toBe(4);
    const second = await invite(t, owner, org.id, email);
    expect(second.id).not.toBe(first.id);
    expect((await t.prisma.invitation.findUniqueOrThrow({ where: { id: first.id } })).status).toBe('expired');
  });

  it('only the owner and site admins invite organization admins (type 3)', async () => {
    const orgAdmin = await createUser(t);
    const owner = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: orgAdmin.id, typeId: 3 }] });
    const refused = await call('POST', `/organizations/${org.id}/invitations`, orgAdmin, {
      email: uniqueEmail(),
      type_id: 3,
    });
    expect(refused.statusCode).toBe(403);
    expect((await invite(t, orgAdmin, org.id, uniqueEmail(), 2)).status).toBe('pending');
    expect((await invite(t, owner, org.id, uniqueEmail(), 3)).status).toBe('pending');
    const siteAdmin = await createAdmin(t);
    const byAdmin = await invite(t, siteAdmin, org.id, uniqueEmail('adm'), 3);
    const mail = t.smtp.mailsTo(byAdmin.email)[0];
    expect(mail?.text).toContain('«Администратор»');
  });
});

describe('GET /organizations/{id}/invitations', () => {
  it('lists newest first, filtered by one or several statuses', async () => {
    const { owner, org } = await team([], 2);
    const open = await invite(t, owner, org.id, uniqueEmail('open'));
    const lapsed = await invite(t, owner, org.id, uniqueEmail('lapsed'));
    await age(lapsed.id, { expiresAt: minutesAgo(1) });
    const revoked = await invite(t, owner, org.id, uniqueEmail('revoked'));
    await call('DELETE', `/organizations/${org.id}/invitations/${revoked.id}`, owner);

    const all = await call('GET', `/organizations/${org.id}/invitations`, owner);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, pages: 1, perPage: 20, total: 3 });
    expect(all.json().data.map((i: { id: number; status: string }) => [i.id, i.status])).toEqual([
      [revoked.id, 'revoked'],
      [lapsed.id, 'expired'],
      [open.id, 'pending'],
    ]);
    const ids = async (status: string) =>
      (await call('GET', `/organizations/${org.id}/invitations?status=${status}`, owner))
        .json()
        .data.map((i: { id: number }) => i.id);
    expect(await ids('pending')).toEqual([open.id]);
    expect(await ids('expired')).toEqual([lapsed.id]);
    expect(await ids('pending,expired')).toEqual([lapsed.id, open.id]);
    expect(await ids('accepted')).toEqual([]);
    const page = await call('GET', `/organizations/${org.id}/invitations?perPage=1&page=2`, owner);
    expect(page.json()).toMatchObject({ meta: { page: 2, pages: 3, total: 3 }, data: [{ id: lapsed.id }] });
  });
});

describe('POST …/invitations/{invitationId}/resend', () => {
  it('mails a new link (the old one is dead), renews seven days; 429 within a minute', async () => {
    const { owner, org } = await team();
    const email = uniqueEmail();
    const created = await invite(t, owner, org.id, email);
    const oldToken = lastInviteToken(t, email);
    const url = `/organizations/${org.id}/invitations/${created.id}/resend`;

    const early = await call('POST', url, owner);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBeDefined();
    expect(early.json().message).toMatch(/через \d+ с/);
    expect(t.smtp.mailsTo(email)).toHaveLength(1);

    await age(created.id, { sentAt: minutesAgo(2) });
    const res = await call('POST', url, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Приглашение повторно отправлено на ${email}`);
    expect(res.json().data).toMatchObject({ id: created.id, status: 'pending' });
    expect(mailedInviteTokens(t, email)).toHaveLength(2);
    const newToken = lastInviteToken(t, email);
    expect(newToken).not.toBe(oldToken);
    expect((await call('GET', `/invitations/token/${oldToken}`)).statusCode).toBe(404);
    expect((await call('GET', `/invitations/token/${newToken}`)).statusCode).toBe(200);
    expect((await call('POST', url, owner)).statusCode).toBe(429);
  });

  it('brings an expired invitation back (it takes a seat again); 409 for a used or revoked one; 404 another organization’s', async () => {
    const { owner, org } = await team();
    const email = uniqueEmail();
    const created = await invite(t, owner, org.id, email);
    await age(created.id, { expiresAt: minutesAgo(1), sentAt: minutesAgo(10) });
    const revived = await call('POST', `/organizations/${org.id}/invitations/${created.id}/resend`, owner);
    expect(revived.statusCode, revived.body).toBe(200);
    expect(revived.json().data.status).toBe('pending');
    expect(Date.parse(revived.json().data.expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    await call('DELETE', `/organizations/${org.id}/invitations/${created.id}`, owner);
    await age(created.id, { sentAt: minutesAgo(10) });
    const again = await call('POST', `/organizations/${org.id}/invitations/${created.id}/resend`, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Приглашение отозвано');

    const other = await team();
    expect(
      (await call('POST', `/organizations/${other.org.id}/invitations/${created.id}/resend`, other.owner))
        .statusCode,
    ).toBe(404);
  });
});

describe('DELETE …/invitations/{invitationId}', () => {
  it('revokes: status revoked, the link answers 410, the seat is free; twice is 409', async () => {
    const { owner, org } = await team();
    const email = uniqueEmail();
    const created = await invite(t, owner, org.id, email);
    const token = lastInviteToken(t, email);
    const res = await call('DELETE', `/organizations/${org.id}/invitations/${created.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Приглашение отозвано', data: { status: 'revoked' } });
    const link = await call('GET', `/invitations/token/${token}`);
    expect(link.statusCode).toBe(410);
    expect(link.json()).toMatchObject({ code: 'GONE', message: 'Приглашение отозвано' });
    expect((await call('GET', `/organizations/${org.id}`, owner)).json().data.remaining_members).toBe(4);
    expect(
      (await call('DELETE', `/organizations/${org.id}/invitations/${created.id}`, owner)).statusCode,
    ).toBe(409);
    expect((await call('DELETE', `/organizations/${org.id}/invitations/2000000000`, owner)).statusCode).toBe(
      404,
    );
  });
});

describe('the invitee: GET /invitations, GET /invitations/token/{token}, accept, decline', () => {
  it('a new address signs in with a code and accepts: an active member of the invited type', async () => {
    const { owner, org } = await team();
    const email = uniqueEmail('new');
    const created = await invite(t, owner, org.id, email, 3);
    const token = lastInviteToken(t, email);

    // The link works without a session, and signs nobody in.
    const anonymous = await call('GET', `/invitations/token/${token}`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json().data).toMatchObject({ id: created.id, email, organization: { name: 'Отдел' } });
    expect(anonymous.headers['set-cookie']).toBeUndefined();

    // Sign-in with the e-mail code flow makes the account.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { loginKey: 'web', email } });
    const code = await t.smtp.nextCode(email, 1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { loginKey: 'web', email, code },
    });
    expect(login.statusCode, login.body).toBe(200);
    const invitee = { headers: { 'x-session-id': login.json().data.access_token } } as TestUser;

    const mine = await call('GET', '/invitations', invitee);
    expect(mine.json()).toMatchObject({ meta: { total: 1 }, data: [{ id: created.id, status: 'pending' }] });
    const res = await call('POST', `/invitations/${created.id}/accept`, invitee);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Вы вступили в организацию «Отдел»',
      data: { organization_id: org.id, type_id: 3, status: 'active', account: { email } },
    });
    expect((await call('GET', '/invitations', invitee)).json().data).toEqual([]);
    expect((await call('GET', `/invitations/token/${token}`)).statusCode).toBe(410);
    expect((await call('POST', `/invitations/${created.id}/accept`, invitee)).statusCode).toBe(410);
    const orgNow = await call('GET', `/organizations/${org.id}`, invitee);
    expect(orgNow.statusCode).toBe(200);
    expect(orgNow.json().data).toMatchObject({ members_count: 2, remaining_members: 3 });
  });

  it('another verified e-mail gets 403 and changes nothing; unknown ids and tokens 404', async () => {
    const { owner, org } = await team();
    const email = uniqueEmail();
    const created = await invite(t, owner, org.id, email);
    const someoneElse = await createUser(t);
    for (const action of ['accept', 'decline']) {
      const res = await call('POST', `/invitations/${created.id}/${action}`, someoneElse);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/другой адрес/);
    }
    // The owner is not the invitee either.
    expect((await call('POST', `/invitations/${created.id}/accept`, owner)).statusCode).toBe(403);
    expect((await t.prisma.invitation.findUniqueOrThrow({ where: { id: created.id } })).status).toBe(
      'pending',
    );
    expect((await call('POST', '/invitations/2000000000/accept', someoneElse)).statusCode).toBe(404);
    const unknown = await call('GET', '/invitations/token/not-a-real-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Приглашение не найдено');
    expect((await call('GET', `/invitations/token/${'x'.repeat(129)}`)).statusCode).toBe(400);
  });

  it('an account whose e-mail an admin changed (not verified yet) cannot use invitations to it', async () => {
    const { owner, org } = await team();
    const user = await createUser(t);
    const email = uniqueEmail('changed');
    const created = await invite(t, owner, org.id, email);
    await t.prisma.user.update({ where: { id: user.id }, data: { email, emailVerifiedAt: null } });
    expect((await call('GET', '/invitations', user)).json().data).toEqual([]);
    expect((await call('POST', `/invitations/${created.id}/accept`, user)).statusCode).toBe(403);
  });

  it('expired: 410 for the link, accept and decline; nothing changes', async () => {
    const { owner, org } = await team();
    const invitee = await createUser(t);
    const created = await invite(t, owner, org.id, invitee.email);
    const token = lastInviteToken(t, invitee.email);
    await age(created.id, { expiresAt: minutesAgo(1) });
    const link = await call('GET', `/invitations/token/${token}`);
    expect(link.statusCode).toBe(410);
    expect(link.json().message).toMatch(/^Срок действия приглашения истёк/);
    expect((await call('POST', `/invitations/${created.id}/accept`, invitee)).statusCode).toBe(410);
    expect((await call('POST', `/invitations/${created.id}/decline`, invitee)).statusCode).toBe(410);
    expect((await call('GET', '/invitations', invitee)).json().data).toEqual([]);
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: invitee.id } })).toBe(0);
  });

  it('decline: status declined, the link answers 410, the seat is free', async () => {
    const { owner, org } = await team();
    const invitee = await createUser(t);
    const created = await invite(t, owner, org.id, invitee.email);
    const token = lastInviteToken(t, invitee.email);
    const res = await call('POST', `/invitations/${created.id}/decline`, invitee);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Приглашение отклонено', data: { status: 'declined' } });
    expect((await call('GET', `/invitations/token/${token}`)).json().message).toBe('Приглашение отклонено');
    expect((await call('POST', `/invitations/${created.id}/accept`, invitee)).statusCode).toBe(410);
    expect((await call('GET', `/organizations/${org.id}`, owner)).json().data.remaining_members).toBe(4);
  });

  it('accepting past the plan (the owner’s plan lapsed) is 409 naming the plan to upgrade to', async () => {
    const owner = await createUser(t, { planId: 2, planExpiresAt: new Date(Date.now() + 86_400_000) });
    const org = await createOrganization(t, owner);
    const invitees = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(t)));
    const made = [];
    for (const invitee of invitees) made.push(await invite(t, owner, org.id, invitee.email));
    // 'Про' lapses (past its grace): 'Базовый' seats 5, the owner and six invitations hold 7.
    await t.prisma.user.update({ where: { id: owner.id }, data: { planExpiresAt: new Date('2020-01-01') } });
    const first = invitees[0] as TestUser;
    const res = await call('POST', `/invitations/${made[0]?.id}/accept`, first);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LIMIT' });
    expect(res.json().message).toMatch(/Перейдите на тариф «Про»/);
    expect((await t.prisma.invitation.findUniqueOrThrow({ where: { id: made[0]?.id } })).status).toBe(
      'pending',
    );
  });

  it('a user removed from the organization cannot come back with an old link', async () => {
    const { owner, org } = await team();
    const invitee = await createUser(t);
    const first = await invite(t, owner, org.id, invitee.email);
    const firstToken = lastInviteToken(t, invitee.email);
    expect((await call('POST', `/invitations/${first.id}/accept`, invitee)).statusCode).toBe(200);
    expect(
      (await call('DELETE', `/organizations/delete-member/${org.id}`, owner, { user_id: invitee.id }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', `/invitations/token/${firstToken}`)).statusCode).toBe(410);
    expect((await call('POST', `/invitations/${first.id}/accept`, invitee)).statusCode).toBe(410);
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: invitee.id } })).toBe(0);

    // An invitation still open when they were removed (they had joined another way) ends with them.
    const second = await invite(t, owner, org.id, invitee.email);
    const secondToken = lastInviteToken(t, invitee.email);
    await call('POST', `/organizations/add-member/${org.id}`, owner, { user_id: invitee.id });
    await call('DELETE', `/organizations/delete-member/${org.id}`, owner, { user_id: invitee.id });
    expect((await call('GET', `/invitations/token/${secondToken}`)).statusCode).toBe(410);
    expect((await call('POST', `/invitations/${second.id}/accept`, invitee)).statusCode).toBe(410);
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: invitee.id } })).toBe(0);
  });

  it('a join request of the invitee becomes an active member; a member already stays as they are', async () => {
    const requester = await createUser(t);
    const owner = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: requester.id, status: 'pending' }] });
    // An open invitation and a pending member of one address can meet (the request came after the invitation).
    const invitation = await t.prisma.invitation.create({
      data: {
        organizationId: org.id,
        email: requester.email,
        typeId: 2,
        tokenHash: invitationTokenHash('t-1'),
        invitedById: owner.id,
        sentAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const res = await call('POST', `/invitations/${invitation.id}/accept`, requester);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'active', type_id: 2 });
    expect(await t.prisma.member.count({ where: { organizationId: org.id } })).toBe(2);
  });
});

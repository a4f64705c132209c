import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import { invite, restCall } from '../../../test/teams';

// Two-step ownership transfer (issue 13, decision 0133): every call, role, refusal and the race.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser | null, body?: unknown) =>
  restCall(t, method, url, user, body);

/** An owner on 'Про' with an active member, an organization admin and a join request. */
async function team() {
  const owner = await createUser(t, { name: 'Ольга Владелец', planId: 2 });
  const member = await createUser(t, { name: 'Миша Участник', planId: 2 });
  const orgAdmin = await createUser(t);
  const requester = await createUser(t);
  const org = await createOrganization(t, owner, {
    name: 'Наследство',
    members: [{ id: member.id }, { id: orgAdmin.id, typeId: 3 }, { id: requester.id, status: 'pending' }],
  });
  return { owner, member, orgAdmin, requester, org };
}

const typeOf = async (organizationId: number, userId: number) =>
  (
    await t.prisma.member.findUniqueOrThrow({
      where: { organizationId_userId: { organizationId, userId } },
    })
  ).typeId;

describe('authentication and access', () => {
  it.each([
    ['POST', '/organizations/1/transfer'],
    ['DELETE', '/organizations/1/transfer'],
    ['POST', '/organizations/1/transfer/accept'],
    ['POST', '/organizations/1/transfer/decline'],
    ['GET', '/transfers'],
  ] as const)('%s %s without a session is 401', async (method, url) => {
    expect((await call(method, url, null, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
  });

  it('only the owner and site admins offer and cancel: members and organization admins 403, strangers 404', async () => {
    const { owner, member, orgAdmin, requester, org } = await team();
    const stranger = await createUser(t);
    const url = `/organizations/${org.id}/transfer`;
    for (const [who, status] of [
      [member, 403],
      [orgAdmin, 403],
      [requester, 404],
      [stranger, 404],
    ] as const) {
      expect((await call('POST', url, who, { user_id: member.id })).statusCode).toBe(status);
      expect((await call('DELETE', url, who)).statusCode).toBe(status);
    }
    const siteAdmin = await createAdmin(t);
    const offered = await call('POST', url, siteAdmin, { user_id: member.id });
    expect(offered.statusCode, offered.body).toBe(201);
    // Offered on the owner's behalf.
    expect(offered.json().data.from_user_id).toBe(owner.id);
    expect((await call('DELETE', url, siteAdmin)).statusCode).toBe(200);
  });

  it('bad input is 400', async () => {
    const { owner, org } = await team();
    for (const body of [{}, { user_id: 'x' }, { user_id: 0 }, { user_id: 1, extra: 1 }]) {
      expect((await call('POST', `/organizations/${org.id}/transfer`, owner, body)).statusCode).toBe(400);
    }
    expect((await call('POST', '/organizations/abc/transfer/accept', owner)).statusCode).toBe(400);
  });
});

describe('offer, accept, decline, cancel', () => {
  it('offers (201, mail), GET organization carries it; the member accepts and the roles swap', async () => {
    const { owner, member, org } = await team();
    const res = await call('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: 'Предложение о передаче организации отправлено',
      data: {
        id: expect.any(Number),
        organization_id: org.id,
        from_user_id: owner.id,
        to_user_id: member.id,
        status: 'pending',
        expires_at: expect.any(String),
      },
    });
    const transfer = res.json().data;
    expect(Date.parse(transfer.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const [mail] = t.smtp.mailsTo(member.email);
    expect(mail?.subject).toBe('Вам предлагают стать владельцем организации «Наследство»');
    expect(mail?.text).toContain('Ольга Владелец');
    expect(mail?.text).toMatch(/действует до \d{1,2} [а-я]+ \d{4}/);
    expect(mail?.text).toContain(`http://cabinet.test/app/dashboard/organizations/${org.id}/collaborators`);

    for (const viewer of [owner, member]) {
      expect((await call('GET', `/organizations/${org.id}`, viewer)).json().data.transfer).toEqual(transfer);
    }

    const accepted = await call('POST', `/organizations/${org.id}/transfer/accept`, member);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'Вы стали владельцем организации',
      data: { id: transfer.id, status: 'accepted' },
    });
    expect(await typeOf(org.id, member.id)).toBe(1);
    expect(await typeOf(org.id, owner.id)).toBe(3);
    const after = (await call('GET', `/organizations/${org.id}`, member)).json().data;
    expect(after).toMatchObject({ owner_id: member.id, is_your: true, transfer: null });
    // The old owner, now an organization admin, may no longer delete it.
    expect((await call('DELETE', `/organizations/${org.id}`, owner)).statusCode).toBe(403);
    expect((await call('POST', `/organizations/${org.id}/transfer/accept`, member)).statusCode).toBe(404);
  });

  it('the offered member declines; the owner cancels; both end the offer', async () => {
    const { owner, member, org } = await team();
    await call('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });
    const declined = await call('POST', `/organizations/${org.id}/transfer/decline`, member);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.status).toBe('declined');
    expect((await call('GET', `/organizations/${org.id}`, owner)).json().data.transfer).toBeNull();

    await call('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });
    const cancelled = await call('DELETE', `/organizations/${org.id}/transfer`, owner);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Передача организации отменена',
      data: { status: 'cancelled' },
    });
    expect((await call('POST', `/organizations/${org.id}/transfer/accept`, member)).statusCode).toBe(404);
    expect((await call('DELETE', `/organizations/${org.id}/transfer`, owner)).statusCode).toBe(404);
    expect(await typeOf(org.id, owner.id)).toBe(1);
  });

  it('refusals: the owner, a join request, a non-member, a second offer; another member answering 403', async () => {
    const { owner, member, orgAdmin, requester, org } = await team();
    const url = `/organizations/${org.id}/transfer`;
    expect((await call('POST', url, owner, { user_id: owner.id })).statusCode).toBe(409);
    expect((await call('POST', url, owner, { user_id: requester.id })).statusCode).toBe(409);
    const outsider = await createUser(t);
    expect((await call('POST', url, owner, { user_id: outsider.id })).statusCode).toBe(404);
    expect((await call('POST', url, owner, { user_id: orgAdmin.id })).statusCode).toBe(201);
    const second = await call('POST', url, owner, { user_id: member.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/уже предложена/);
    const notTheirs = await call('POST', `${url}/accept`, member);
    expect(notTheirs.statusCode).toBe(403);
    expect((await call('POST', `${url}/decline`, member)).statusCode).toBe(403);
    expect(await typeOf(org.id, owner.id)).toBe(1);
  });

  it('an expired offer cannot be accepted and does not block a new one', async () => {
    const { owner, member, org } = await team();
    const offered = await call('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });
    await t.prisma.ownershipTransfer.update({
      where: { id: offered.json().data.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await call('GET', `/organizations/${org.id}`, member)).json().data.transfer).toBeNull();
    expect((await call('POST', `/organizations/${org.id}/transfer/accept`, member)).statusCode).toBe(404);
    expect(
      (await call('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id })).statusCode,
    ).toBe(201);
    expect(
      await t.prisma.ownershipTransfer.findUniqueOrThrow({ where: { id: offered.json().data.id } }),
    ).toMatchObject({ status: 'expired' });
  });

  it('409 LIMIT when the new owner’s plan cannot hold one more organization of this size', async () => {
    const owner = await createUser(t, { planId: 2 });
    const basic = await createUser(t);
    await createOrganization(t, basic, { name: 'Своя' });
    const org = await createOrganization(t, owner, { members: [{ id: basic.id }] });
    await call('POST', `/organizations/${org.id}/transfer`, owner, { user_id: basic.id });
    const tooMany = await call('POST', `/organizations/${org.id}/transfer/accept`, basic);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'LIMIT' });
    expect(tooMany.json().message).toMatch(/не более 1 организации.*«Про»/);

    // Without an organization of their own, the size counts: 6 seats (with an open invitation) > 5.
    const newcomer = await createUser(t);
    const big = await createOrganization(t, owner, {
      members: [
        { id: newcomer.id },
        ...(await Promise.all([1, 2, 3].map(() => createUser(t)))).map((u) => ({ id: u.id })),
      ],
    });
    await invite(t, owner, big.id, `seat.${Date.now()}@example.com`);
    await call('POST', `/organizations/${big.id}/transfer`, owner, { user_id: newcomer.id });
    const tooBig = await call('POST', `/organizations/${big.id}/transfer/accept`, newcomer);
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().message).toMatch(/участников в организации.*«Про»/);
    expect(await typeOf(big.id, owner.id)).toBe(1);
    // Still open: the new owner may upgrade and accept.
    expect((await call('GET', `/organizations/${big.id}`, newcomer)).json().data.transfer).not.toBeNull();
  });

  it('removing the offered member ends the offer', async () => {
    const { owner, member, org } = await team();
    await call('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });
    await call('DELETE', `/organizations/delete-member/${org.id}`, owner, { user_id: member.id });
    expect((await call('GET', `/organizations/${org.id}`, owner)).json().data.transfer).toBeNull();
  });

  it('two accepts at once leave exactly one owner', async () => {
    const { owner, member, org } = await team();
    await call('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });
    const answers = await Promise.all([
      call('POST', `/organizations/${org.id}/transfer/accept`, member),
      call('POST', `/organizations/${org.id}/transfer/accept`, member),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // The loser finds the offer taken (409), or gone already when it looks (404).
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    const owners = await t.prisma.member.findMany({ where: { organizationId: org.id, typeId: 1 } });
    expect(owners.map((m) => m.userId)).toEqual([member.id]);
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).ownerId).toBe(
      member.id,
    );
  });

  it('an accept and a cancel at once end in exactly one of the two', async () => {
    const { owner, member, org } = await team();
    await call('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });
    const [accept, cancel] = await Promise.all([
      call('POST', `/organizations/${org.id}/transfer/accept`, member),
      call('DELETE', `/organizations/${org.id}/transfer`, owner),
    ]);
    const owners = await t.prisma.member.findMany({ where: { organizationId: org.id, typeId: 1 } });
    expect(owners).toHaveLength(1);
    if (accept.statusCode === 200) {
      expect(cancel.statusCode).not.toBe(200);
      expect(owners[0]?.userId).toBe(member.id);
    } else {
      expect(cancel.statusCode).toBe(200);
      expect(owners[0]?.userId).toBe(owner.id);
    }
  });
});

describe("GET /transfers: the caller's open offers (home's prompt)", () => {
  it('lists only the offers open to the caller, newest first, with the organization and who offers', async () => {
    const first = await team();
    const heir = first.member;
    // A second organization offers itself to the same member; a third one's offer was cancelled, a
    // fourth one's expired, and an offer to someone else is not theirs.
    const second = await createUser(t, { name: 'Вторая Владелица', planId: 2 });
    const secondOrg = await createOrganization(t, second, { name: 'Вторая', members: [{ id: heir.id }] });
    const third = await createUser(t, { planId: 2 });
    const thirdOrg = await createOrganization(t, third, { members: [{ id: heir.id }] });
    const fourth = await createUser(t, { planId: 2 });
    const fourthOrg = await createOrganization(t, fourth, { members: [{ id: heir.id }] });
    const offer = async (by: TestUser, organizationId: number, userId: number) => {
      const res = await call('POST', `/organizations/${organizationId}/transfer`, by, { user_id: userId });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number };
    };
    const older = await offer(first.owner, first.org.id, heir.id);
    const newer = await offer(second, secondOrg.id, heir.id);
    await offer(third, thirdOrg.id, heir.id);
    await call('DELETE', `/organizations/${thirdOrg.id}/transfer`, third);
    const lapsed = await offer(fourth, fourthOrg.id, heir.id);
    await t.prisma.ownershipTransfer.update({
      where: { id: lapsed.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await t.prisma.ownershipTransfer.update({
      where: { id: older.id },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });

    const res = await call('GET', '/transfers', heir);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, meta: { page: 1, pages: 1, perPage: 20, total: 2 } });
    expect(body.data.map((o: { id: number }) => o.id)).toEqual([newer.id, older.id]);
    expect(body.data[1]).toEqual({
      id: older.id,
      organization_id: first.org.id,
      from_user_id: first.owner.id,
      to_user_id: heir.id,
      status: 'pending',
      expires_at: expect.any(String),
      organization: { id: first.org.id, name: 'Наследство' },
      from_user: { id: first.owner.id, name: 'Ольга Владелец', email: first.owner.email },
    });
    // Nobody else sees them: the owner, another member, a site admin.
    for (const who of [first.owner, first.orgAdmin, await createAdmin(t)]) {
      expect((await call('GET', '/transfers', who)).json().data).toEqual([]);
    }
    // Answered from home, it leaves the list.
    expect((await call('POST', `/organizations/${secondOrg.id}/transfer/accept`, heir)).statusCode).toBe(200);
    expect((await call('GET', '/transfers?perPage=1', heir)).json()).toMatchObject({
      data: [{ id: older.id }],
      meta: { total: 1, perPage: 1 },
    });
  });

  it('bad paging is 400', async () => {
    const user = await createUser(t);
    for (const query of ['perPage=0', 'perPage=101', 'page=abc', 'status=pending']) {
      expect((await call('GET', `/transfers?${query}`, user)).statusCode, query).toBe(400);
    }
  });
});

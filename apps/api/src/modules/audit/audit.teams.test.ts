import { randomBytes } from 'node:crypto';
import type { AuditAction } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization, createUser, type TestUser, uniqueEmail } from '../../../test/factories';
import { invite, restCall } from '../../../test/teams';

// The teams verbs of issue 13 write their audit events (decision 0136): invitations, roles, ownership
// transfer and what a member's leaving ends, each with its actor, object, organization and details, and
// none after a refused call. And organization admins read their organization's 'Журнал'.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The events of `action` in `organizationId`, oldest first. */
const events = (action: AuditAction, organizationId: number) =>
  t.prisma.auditEvent.findMany({ where: { action, organizationId }, orderBy: { id: 'asc' } });

async function onlyEvent(action: AuditAction, organizationId: number) {
  const found = await events(action, organizationId);
  expect(found, action).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[number]>;
}

const actorOf = (who: TestUser) => ({ actorId: who.id, actorEmail: who.email });

/** A call that must succeed, its answer's data. */
async function ok(method: 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser, payload?: unknown) {
  const res = await restCall(t, method, url, who, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

async function refused(
  status: number,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: TestUser,
  payload?: unknown,
) {
  const res = await restCall(t, method, url, who, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
}

/** An owner on the 'Про' plan (25 seats) with an organization and `members` in it. */
async function team(members: { id: number; typeId?: number }[] = []) {
  const planExpiresAt = new Date(Date.now() + 30 * 86_400_000);
  const owner = await createUser(t, { name: 'Ольга Владелец', planId: 2, planExpiresAt });
  const org = await createOrganization(t, owner, { members });
  return { owner, org };
}

describe('invitations', () => {
  it('created, resent and revoked by a manager: on the invitation, in the organization', async () => {
    const { owner, org } = await team();
    const email = uniqueEmail('invited');
    const invitation = await invite(t, owner, org.id, email);
    expect(await onlyEvent('invitation.created', org.id)).toMatchObject({
      ...actorOf(owner),
      actorName: 'Ольга Владелец',
      targetType: 'invitation',
      targetId: invitation.id,
      details: { email, type_id: 2 },
    });
    // The same address again is 409: no second event.
    await refused(409, 'POST', `/organizations/${org.id}/invitations`, owner, { email, type_id: 2 });
    expect(await events('invitation.created', org.id)).toHaveLength(1);
    // The event keeps neither the link's token nor its hash.
    const row = await t.prisma.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
    const stored = JSON.stringify(await events('invitation.created', org.id), (_, v) =>
      typeof v === 'bigint' ? String(v) : v,
    );
    expect(stored).not.toContain(Buffer.from(row.tokenHash).toString('hex'));

    const resend = `/organizations/${org.id}/invitations/${invitation.id}/resend`;
    await refused(429, 'POST', resend, owner); // inside the minute
    expect(await events('invitation.resent', org.id)).toHaveLength(0);
    await t.prisma.invitation.update({
      where: { id: invitation.id },
      data: { sentAt: new Date(Date.now() - 120_000) },
    });
    await ok('POST', resend, owner);
    expect(await onlyEvent('invitation.resent', org.id)).toMatchObject({
      ...actorOf(owner),
      targetId: invitation.id,
      details: { email },
    });

    await ok('DELETE', `/organizations/${org.id}/invitations/${invitation.id}`, owner);
    await refused(409, 'DELETE', `/organizations/${org.id}/invitations/${invitation.id}`, owner);
    expect(await onlyEvent('invitation.revoked', org.id)).toMatchObject({
      ...actorOf(owner),
      targetType: 'invitation',
      targetId: invitation.id,
      details: { email },
    });
  });

  it('accepted and declined by the invitee, the actor; another account is refused and leaves none', async () => {
    const { owner, org } = await team();
    const invitee = await createUser(t, { name: 'Ирина' });
    const stranger = await createUser(t);
    const accepted = await invite(t, owner, org.id, invitee.email, 3);

    await refused(403, 'POST', `/invitations/${accepted.id}/accept`, stranger);
    expect(await events('invitation.accepted', org.id)).toHaveLength(0);
    await ok('POST', `/invitations/${accepted.id}/accept`, invitee);
    await refused(410, 'POST', `/invitations/${accepted.id}/accept`, invitee);
    expect(await onlyEvent('invitation.accepted', org.id)).toMatchObject({
      ...actorOf(invitee),
      actorName: 'Ирина',
      targetType: 'invitation',
      targetId: accepted.id,
      details: { email: invitee.email, type_id: 3 },
    });

    const other = await createUser(t);
    const declined = await invite(t, owner, org.id, other.email);
    await refused(403, 'POST', `/invitations/${declined.id}/decline`, stranger);
    await ok('POST', `/invitations/${declined.id}/decline`, other);
    await refused(410, 'POST', `/invitations/${declined.id}/decline`, other);
    expect(await onlyEvent('invitation.declined', org.id)).toMatchObject({
      ...actorOf(other),
      targetId: declined.id,
      details: { email: other.email },
    });
  });
});

describe('members', () => {
  it('a role change 2 → 3 and back, by the owner; an organization admin cannot assign 3 and leaves none', async () => {
    const member = await createUser(t, { name: 'Роман' });
    const orgAdmin = await createUser(t);
    const { owner, org } = await team([{ id: member.id }, { id: orgAdmin.id, typeId: 3 }]);
    const url = `/organizations/update-member-type/${org.id}`;

    await refused(403, 'PUT', url, orgAdmin, { user_id: member.id, type: 3 });
    expect(await events('member.role_changed', org.id)).toHaveLength(0);

    await ok('PUT', url, owner, { user_id: member.id, type: 3 });
    await ok('PUT', url, owner, { user_id: member.id, type: 3 }); // no change, no event
    await ok('PUT', url, owner, { user_id: member.id, type: 2 });
    const [up, down] = await events('member.role_changed', org.id);
    expect(up).toMatchObject({
      ...actorOf(owner),
      targetType: 'user',
      targetId: member.id,
      details: { name: 'Роман', email: member.email, type: { from: 2, to: 3 } },
    });
    expect(down).toMatchObject({ targetId: member.id, details: { type: { from: 3, to: 2 } } });
    expect(await events('member.role_changed', org.id)).toHaveLength(2);
  });

  it("a member's removal also revokes their invitation and cancels an offer to them, each with the reason", async () => {
    const member = await createUser(t, { name: 'Марк' });
    const { owner, org } = await team([{ id: member.id }]);
    // An invitation to their address from before they joined, still open (made directly: inviting a
    // member is refused), and an ownership offer to them.
    const invitation = await t.prisma.invitation.create({
      data: {
        organizationId: org.id,
        email: member.email,
        typeId: 2,
        tokenHash: randomBytes(32),
        invitedById: owner.id,
        sentAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const offer = await ok('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });

    // The owner cannot leave: refused, nothing recorded.
    await refused(409, 'DELETE', `/organizations/delete-member/${org.id}`, owner, { user_id: owner.id });
    expect(await t.prisma.auditEvent.count({ where: { organizationId: org.id } })).toBe(1); // the offer

    await ok('DELETE', `/organizations/delete-member/${org.id}`, owner, { user_id: member.id });
    expect(await onlyEvent('member.removed', org.id)).toMatchObject({
      ...actorOf(owner),
      targetId: member.id,
      details: { name: 'Марк', email: member.email },
    });
    expect(await onlyEvent('invitation.revoked', org.id)).toMatchObject({
      ...actorOf(owner),
      targetId: invitation.id,
      details: { email: member.email, reason: 'member.removed' },
    });
    expect(await onlyEvent('transfer.cancelled', org.id)).toMatchObject({
      ...actorOf(owner),
      targetType: 'transfer',
      targetId: offer.id,
      details: {
        from_user_id: owner.id,
        to_user_id: member.id,
        to_name: 'Марк',
        to_email: member.email,
        reason: 'member.removed',
      },
    });
  });
});

describe('ownership transfer', () => {
  it('offered and cancelled by the owner; a member cannot offer and leaves none', async () => {
    const member = await createUser(t, { name: 'Пётр' });
    const { owner, org } = await team([{ id: member.id }]);
    await refused(403, 'POST', `/organizations/${org.id}/transfer`, member, { user_id: owner.id });
    expect(await events('transfer.requested', org.id)).toHaveLength(0);

    const offer = await ok('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });
    const details = {
      from_user_id: owner.id,
      to_user_id: member.id,
      to_name: 'Пётр',
      to_email: member.email,
    };
    expect(await onlyEvent('transfer.requested', org.id)).toMatchObject({
      ...actorOf(owner),
      targetType: 'transfer',
      targetId: offer.id,
      details,
    });
    await refused(403, 'DELETE', `/organizations/${org.id}/transfer`, member);
    await ok('DELETE', `/organizations/${org.id}/transfer`, owner);
    await refused(404, 'DELETE', `/organizations/${org.id}/transfer`, owner);
    expect(await onlyEvent('transfer.cancelled', org.id)).toMatchObject({
      ...actorOf(owner),
      targetId: offer.id,
      details,
    });
  });

  it('declined, then accepted by the offered member: one event for the swap', async () => {
    const heir = await createUser(t, { name: 'Наследник' });
    const other = await createUser(t);
    const { owner, org } = await team([{ id: heir.id }, { id: other.id }]);

    const first = await ok('POST', `/organizations/${org.id}/transfer`, owner, { user_id: heir.id });
    await refused(403, 'POST', `/organizations/${org.id}/transfer/decline`, other);
    await ok('POST', `/organizations/${org.id}/transfer/decline`, heir);
    expect(await onlyEvent('transfer.declined', org.id)).toMatchObject({
      ...actorOf(heir),
      targetId: first.id,
      details: { from_user_id: owner.id, to_user_id: heir.id },
    });

    const second = await ok('POST', `/organizations/${org.id}/transfer`, owner, { user_id: heir.id });
    await refused(403, 'POST', `/organizations/${org.id}/transfer/accept`, other);
    expect(await events('transfer.accepted', org.id)).toHaveLength(0);
    await ok('POST', `/organizations/${org.id}/transfer/accept`, heir);
    await refused(404, 'POST', `/organizations/${org.id}/transfer/accept`, heir);
    expect(await onlyEvent('transfer.accepted', org.id)).toMatchObject({
      ...actorOf(heir),
      actorName: 'Наследник',
      targetType: 'transfer',
      targetId: second.id,
      details: { from_user_id: owner.id, to_user_id: heir.id, to_email: heir.email },
    });
    // The old owner's step down is part of the swap, not an event of its own.
    expect(await events('member.role_changed', org.id)).toHaveLength(0);
  });
});

describe("the organization's 'Журнал'", () => {
  it('an organization admin reads it (200), a member does not (403); demoted, they lose it', async () => {
    const orgAdmin = await createUser(t);
    const member = await createUser(t);
    const { owner, org } = await team([{ id: orgAdmin.id, typeId: 3 }, { id: member.id }]);
    await invite(t, owner, org.id, uniqueEmail('seen'));

    const read = (who: TestUser) => restCall(t, 'GET', `/organizations/${org.id}/audit`, who);
    const res = await read(orgAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((e: { action: string }) => e.action)).toContain('invitation.created');
    expect(res.json().data.every((e: { organization_id: number }) => e.organization_id === org.id)).toBe(
      true,
    );

    const denied = await read(member);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      success: false,
      message: 'Журнал организации доступен её владельцу и администраторам',
    });

    await ok('PUT', `/organizations/update-member-type/${org.id}`, owner, { user_id: orgAdmin.id, type: 2 });
    expect((await read(orgAdmin)).statusCode).toBe(403);
  });
});

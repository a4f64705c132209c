import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization, createUser, uniqueEmail } from '../../../test/factories';
import { invite, restCall } from '../../../test/teams';

// Invitations under concurrent calls (issue 13, "Races"): the database decides, not the order of requests.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('invitations at once', () => {
  it('20 concurrent invitations of one address make one open invitation', async () => {
    const owner = await createUser(t, { planId: 3 });
    const org = await createOrganization(t, owner);
    const email = uniqueEmail('crowd');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        restCall(t, 'POST', `/organizations/${org.id}/invitations`, owner, { email, type_id: 2 }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await t.prisma.invitation.count({ where: { organizationId: org.id, email } })).toBe(1);
    expect(t.smtp.mailsTo(email)).toHaveLength(1);
  });

  it('invitations of different addresses at once never pass the plan’s seats', async () => {
    // 'Базовый': 5 seats, the owner holds one.
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        restCall(t, 'POST', `/organizations/${org.id}/invitations`, owner, {
          email: uniqueEmail(`seat${i}`),
          type_id: 2,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(4);
    expect(await t.prisma.invitation.count({ where: { organizationId: org.id } })).toBe(4);
  });

  it('two accepts of one invitation make one member', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const invitee = await createUser(t);
    const { id } = await invite(t, owner, org.id, invitee.email);
    const answers = await Promise.all([
      restCall(t, 'POST', `/invitations/${id}/accept`, invitee),
      restCall(t, 'POST', `/invitations/${id}/accept`, invitee),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    expect(await t.prisma.member.count({ where: { organizationId: org.id, userId: invitee.id } })).toBe(1);
  });

  it('an accept and a revoke at once end in exactly one of the two', async () => {
    for (let round = 0; round < 5; round++) {
      const owner = await createUser(t);
      const org = await createOrganization(t, owner);
      const invitee = await createUser(t);
      const { id } = await invite(t, owner, org.id, invitee.email);
      const [accept, revoke] = await Promise.all([
        restCall(t, 'POST', `/invitations/${id}/accept`, invitee),
        restCall(t, 'DELETE', `/organizations/${org.id}/invitations/${id}`, owner),
      ]);
      const row = await t.prisma.invitation.findUniqueOrThrow({ where: { id } });
      const members = await t.prisma.member.count({ where: { organizationId: org.id, userId: invitee.id } });
      if (accept.statusCode === 200) {
        expect(revoke.statusCode).toBe(409);
        expect(row.status).toBe('accepted');
        expect(members).toBe(1);
      } else {
        expect(accept.statusCode).toBe(410);
        expect(revoke.statusCode).toBe(200);
        expect(row.status).toBe('revoked');
        expect(members).toBe(0);
      }
    }
  });

  it('two resends at once mail once', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const email = uniqueEmail('twice');
    const { id } = await invite(t, owner, org.id, email);
    await t.prisma.invitation.update({ where: { id }, data: { sentAt: new Date(Date.now() - 120_000) } });
    const answers = await Promise.all([
      restCall(t, 'POST', `/organizations/${org.id}/invitations/${id}/resend`, owner),
      restCall(t, 'POST', `/organizations/${org.id}/invitations/${id}/resend`, owner),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
    expect(t.smtp.mailsTo(email)).toHaveLength(2);
  });

  it('the partial unique index holds one pending invitation per address even without the lock', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const email = uniqueEmail('index');
    const row = (n: number) => ({
      organizationId: org.id,
      email,
      typeId: 2,
      tokenHash: Uint8Array.from(Buffer.from(`token-${n}-${email}`)),
      sentAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.prisma.invitation.create({ data: row(1) });
    await expect(t.prisma.invitation.create({ data: row(2) })).rejects.toMatchObject({ code: 'P2002' });
    await t.prisma.invitation.create({ data: { ...row(3), status: 'revoked' } });
  });
});

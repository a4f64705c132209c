import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, uniqueEmail } from '../../../test/factories';
import { purgeUnverifiedAccountsJob } from './unverified-accounts';

// The purge of accounts made by a code request that was never completed (docs/decisions/0088).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const TASK = 'purge-unverified-accounts';

/** What the sign-in form makes when someone types an address and never enters the code. */
async function codeRequest(daysAgo: number) {
  const email = uniqueEmail('abandoned');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { loginKey: 'web', email },
  });
  expect(res.statusCode, res.body).toBe(200);
  const createdAt = new Date(Date.now() - daysAgo * DAY);
  // The code mailed then has long expired too.
  await t.prisma.loginCode.update({
    where: { email },
    data: { expiresAt: new Date(createdAt.getTime() + 600_000) },
  });
  return t.prisma.user.update({ where: { email }, data: { createdAt } });
}

const exists = async (id: number) => (await t.prisma.user.count({ where: { id } })) === 1;

describe('purge of unverified accounts', () => {
  it('deletes an 8-day-old unfinished account; keeps a 6-day-old one, a verified one and an admin-edited one', async () => {
    const old = await codeRequest(8);
    const recent = await codeRequest(6);
    const verified = await createUser(t);
    await t.prisma.user.update({
      where: { id: verified.id },
      data: { createdAt: new Date(Date.now() - 30 * DAY) },
    });
    // The admin's 'create user' flow: the invitation (a code request), then the admin's profile update.
    const invited = await codeRequest(0);
    const admin = await createAdmin(t);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/profile/update/${invited.id}`,
      headers: admin.headers,
      payload: { name: 'Приглашённая Анна' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.prisma.user.update({
      where: { id: invited.id },
      data: { createdAt: new Date(Date.now() - 30 * DAY) },
    });

    const run = await t.app.jobs.run(TASK);
    expect(run).toBeGreaterThanOrEqual(1);
    expect(await exists(old.id)).toBe(false);
    expect(await t.prisma.loginCode.count({ where: { email: old.email } })).toBe(0);
    expect(await exists(recent.id)).toBe(true);
    expect(await exists(verified.id)).toBe(true);
    expect(await exists(invited.id)).toBe(true);
    expect(
      (await t.prisma.user.findUniqueOrThrow({ where: { id: invited.id } })).adminEditedAt,
    ).not.toBeNull();

    // With the clock moved two days on, the 6-day-old one goes as well.
    const later = await t.app.jobs.run(TASK, { now: new Date(Date.now() + 2 * DAY) });
    expect(later).toBeGreaterThanOrEqual(1);
    expect(await exists(recent.id)).toBe(false);
    expect(await exists(invited.id)).toBe(true);
  });

  it('keeps unfinished accounts that show use, are blocked, or are signing in right now', async () => {
    const owner = await createUser(t);
    const kept = {
      named: await codeRequest(9),
      member: await codeRequest(9),
      owning: await codeRequest(9),
      blocked: await codeRequest(9),
      session: await codeRequest(9),
      signingIn: await codeRequest(9),
    };
    await t.prisma.user.update({ where: { id: kept.named.id }, data: { name: 'Бывший Адрес' } });
    await createOrganization(t, owner, { members: [{ id: kept.member.id }] });
    await createOrganization(t, kept.owning);
    await t.prisma.user.update({ where: { id: kept.blocked.id }, data: { blockedAt: new Date() } });
    await t.prisma.session.create({
      data: {
        userId: kept.session.id,
        tokenHash: Buffer.from(uniqueEmail()),
        expiresAt: new Date(Date.now() + DAY),
      },
    });
    await t.prisma.loginCode.update({
      where: { email: kept.signingIn.email },
      data: { expiresAt: new Date(Date.now() + 300_000) },
    });
    await t.app.jobs.run(TASK);
    for (const [why, account] of Object.entries(kept)) expect(await exists(account.id), why).toBe(true);
  });

  it('the admin updating themselves does not mark their account admin-edited', async () => {
    const admin = await createAdmin(t);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/profile/update/${admin.id}`,
      headers: admin.headers,
      payload: { name: 'Сам Себе' },
    });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).adminEditedAt).toBeNull();
  });

  it('two runs at once purge once (the advisory lock: one waits out, or finds nothing left)', async () => {
    const accounts = await Promise.all(Array.from({ length: 5 }, () => codeRequest(8)));
    const log = { info() {}, warn() {}, error() {} };
    const context = { prisma: t.prisma, log, config: t.app.config, outbox: t.app.outbox, now: new Date() };
    const runs = await Promise.all([1, 2].map(() => purgeUnverifiedAccountsJob.run(context)));
    const purged = runs.reduce((sum, n) => sum + n, 0);
    for (const a of accounts) expect(await exists(a.id)).toBe(false);
    // Each account deleted and counted once between the two (whichever ran, or both one after the other).
    expect(purged).toBe(accounts.length);
    expect(await t.app.jobs.run(TASK)).toBe(0);
  });
});

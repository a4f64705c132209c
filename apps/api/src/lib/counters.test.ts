import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import {
  createOrganization,
  createUnverified,
  createUser,
  startAppWithAdminAndUser,
  type TestUser,
  uniqueEmail,
} from '../../test/factories';
import { codeSignIn } from '../../test/sign-in';
import { purgeUnverifiedAccounts } from '../modules/users/unverified-accounts';
import { transaction } from '../plugins/db/database';
import { readCounters } from './counters';

// The counters the triggers keep (decision 0117) stay exact through everything that adds, removes or
// verifies accounts and organizations; counter_drift() checks them and recount_counters() repairs them.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  ({ t, admin } = await startAppWithAdminAndUser());
});
afterAll(() => t?.close());

interface Drift {
  name: string;
  kept: bigint;
  actual: bigint;
}

/** Counters that differ from a count of the rows: none, whatever happened. */
const drift = () => t.prisma.$queryRaw<Drift[]>`SELECT * FROM counter_drift() WHERE kept <> actual`;

const counts = () => readCounters(t.database.pool, ['users', 'users_unverified', 'organizations']);

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestUser, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/rest${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

describe('counters', () => {
  it('start equal to the rows and hold through sign-up, verification and organizations made and deleted', async () => {
    expect(await drift()).toEqual([]);
    const before = await counts();

    // A code sign-in of a new address makes an unverified account, then verifies it.
    const email = uniqueEmail('counted');
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { loginKey: 'web', email } });
    expect(await counts()).toEqual({
      ...before,
      users: before.users + 1,
      users_unverified: before.users_unverified + 1,
    });
    await t.prisma.loginCode.deleteMany({ where: { email } });
    const login = await codeSignIn(t, email);
    expect(await counts()).toEqual({ ...before, users: before.users + 1 });
    const me: TestUser = {
      id: (await t.prisma.user.findUniqueOrThrow({ where: { email } })).id,
      email,
      token: login.access_token,
      headers: { 'x-session-id': login.access_token },
    };

    const made = await call('POST', '/organizations', me, { name: 'Счётная', type: 2 });
    expect(made.statusCode, made.body).toBe(200);
    expect((await counts()).organizations).toBe(before.organizations + 1);
    const gone = await call('DELETE', `/organizations/${made.json().data.id}`, me);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await counts()).toEqual({ ...before, users: before.users + 1 });
    expect(await drift()).toEqual([]);
  });

  it('hold through blocking, and through an account deleted with the organizations it owns', async () => {
    const before = await counts();
    const owner = await createUser(t);
    await createOrganization(t, owner);
    await createOrganization(t, owner);
    for (const verb of ['block', 'unblock']) {
      const res = await call('POST', `/admin/users/${owner.id}/${verb}`, admin);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await counts()).toEqual({
      ...before,
      users: before.users + 1,
      organizations: before.organizations + 2,
    });
    const res = await call('DELETE', `/profile/delete/${owner.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await counts()).toEqual(before);
    expect(await drift()).toEqual([]);
  });

  it('hold through the purge of old unverified accounts (many rows in one statement)', async () => {
    for (let i = 0; i < 12; i++) await createUnverified(t);
    const before = await counts();
    const later = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const purged = await transaction(t.prisma, (tx) => purgeUnverifiedAccounts(tx, later));
    expect(purged).toBeGreaterThanOrEqual(12);
    expect(await counts()).toEqual({
      ...before,
      users: before.users - purged,
      users_unverified: before.users_unverified - purged,
    });
    expect(await drift()).toEqual([]);
  });

  it('are exact under concurrent sign-ups and organizations made at once', async () => {
    const before = await counts();
    const people = await Promise.all(Array.from({ length: 15 }, () => createUser(t)));
    await Promise.all(people.map((p) => call('POST', '/organizations', p, { name: 'Разом', type: 2 })));
    expect(await counts()).toEqual({
      ...before,
      users: before.users + 15,
      organizations: before.organizations + 15,
    });
    expect(await drift()).toEqual([]);
  });

  it('counter_drift() shows a counter gone wrong and recount_counters() puts it right', async () => {
    const actual = await counts();
    await t.prisma.$executeRaw`UPDATE counters SET value = value + 5 WHERE name = 'users' AND slot = 0`;
    expect(await drift()).toEqual([
      { name: 'users', kept: BigInt(actual.users + 5), actual: BigInt(actual.users) },
    ]);
    const repaired = await t.prisma.$queryRaw<Drift[]>`SELECT * FROM recount_counters()`;
    expect(repaired).toEqual([
      { name: 'users', kept: BigInt(actual.users + 5), actual: BigInt(actual.users) },
    ]);
    expect(await counts()).toEqual(actual);
    expect(await t.prisma.$queryRaw<Drift[]>`SELECT * FROM recount_counters()`).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, uniqueEmail } from '../../../test/factories';
import { loadEnv } from '../../env';
import { recordAudit } from '../../lib/audit';
import { transaction } from '../../plugins/db/database';

// The rules of the audit table (issue 14, "How it must behave"): an event exists if and only if its change
// commits; no call can edit or delete one; retention prunes; the address is the one TRUST_PROXY allows.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUDIT_RETENTION_DAYS: '30' } });
});
afterAll(async () => {
  await t?.close();
});

const system = (now = new Date()) => ({ actor: null, ip: null, now });

describe('an event exists if and only if its change commits', () => {
  it('a transaction that rolls back after recording leaves no event', async () => {
    await expect(
      transaction(t.prisma, async (tx) => {
        await recordAudit(tx, system(), { action: 'plan.deleted', targetId: 424242 });
        throw new Error('the change failed after the event was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.prisma.auditEvent.count({ where: { targetId: 424242 } })).toBe(0);
  });

  it('a real call whose change fails at its last step records nothing', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t, { email: uniqueEmail('rollback') });
    // The account's delete fails after user.deleted was recorded in the same transaction.
    await t.prisma.$executeRawUnsafe(`
      CREATE FUNCTION refuse_rollback_users() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF OLD.email LIKE 'rollback.%' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN OLD; END $$`);
    await t.prisma.$executeRawUnsafe(
      'CREATE TRIGGER refuse_rollback_users BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION refuse_rollback_users()',
    );
    try {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/rest/profile/delete/${user.id}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toMatch(/refused by the test|SQL|prisma/i);
    } finally {
      await t.prisma.$executeRawUnsafe('DROP TRIGGER refuse_rollback_users ON users');
      await t.prisma.$executeRawUnsafe('DROP FUNCTION refuse_rollback_users()');
    }
    expect(await t.prisma.user.count({ where: { id: user.id } })).toBe(1);
    expect(await t.prisma.auditEvent.count({ where: { action: 'user.deleted', targetId: user.id } })).toBe(0);
    // The same call, now able to finish, records it.
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/rest/profile/delete/${user.id}`,
      headers: admin.headers,
    });
    expect(await t.prisma.auditEvent.count({ where: { action: 'user.deleted', targetId: user.id } })).toBe(1);
  });

  it('a refused call (409) records nothing', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const before = await t.prisma.auditEvent.count();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rest/organizations/add-member/${org.id}`,
      headers: owner.headers,
      payload: { user_id: owner.id },
    });
    expect(res.statusCode).toBe(409);
    expect(await t.prisma.auditEvent.count()).toBe(before);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of events, whoever asks', async () => {
    await transaction(t.prisma, (tx) => recordAudit(tx, system(), { action: 'plan.created', targetId: 777 }));
    const refused = /append-only/;
    await expect(
      t.prisma.$executeRaw`UPDATE audit_events SET action = 'x' WHERE target_id = 777`,
    ).rejects.toThrow(refused);
    await expect(t.prisma.auditEvent.updateMany({ data: { ip: '1.1.1.1' } })).rejects.toThrow(refused);
    await expect(t.prisma.auditEvent.deleteMany({ where: { targetId: 777 } })).rejects.toThrow(refused);
    await expect(t.prisma.$executeRaw`TRUNCATE audit_events`).rejects.toThrow(refused);
    expect(await t.prisma.auditEvent.count({ where: { targetId: 777, action: 'plan.created' } })).toBe(1);
  });

  it('no call edits or deletes an event: the API has only GET calls on it', async () => {
    const { listEndpoints } = await import('@cabinet/contracts');
    const auditCalls = listEndpoints().filter(({ endpoint }) => endpoint.path.includes('/audit'));
    expect(auditCalls.map(({ endpoint }) => endpoint.method)).toEqual(['GET', 'GET', 'GET']);
  });

  it('drops detail keys that look like a secret', async () => {
    await transaction(t.prisma, (tx) =>
      recordAudit(tx, system(), {
        action: 'plan.updated',
        targetId: 778,
        details: { name: 'ok', code: '123456', access_token: 't', sha1_hash: 'h', public_key: 'k' },
      }),
    );
    const row = await t.prisma.auditEvent.findFirstOrThrow({ where: { targetId: 778 } });
    expect(row.details).toEqual({ name: 'ok' });
    expect(row.actorId).toBeNull();
  });
});

describe('retention (AUDIT_RETENTION_DAYS)', () => {
  it('defaults to 365 days and refuses nonsense', () => {
    expect(loadEnv({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadEnv({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30);
    expect(() => loadEnv({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadEnv({ AUDIT_RETENTION_DAYS: 'year' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });

  it('the job deletes events older than the retention, and only those', async () => {
    const now = new Date('2027-06-01T00:00:00Z');
    await t.prisma.$executeRaw`
      INSERT INTO audit_events (at, action, target_id)
      SELECT ${now}::timestamptz - (g * interval '1 day') + interval '1 hour', 'plan.updated', 990000 + g
      FROM generate_series(1, 40) g`;
    const run = await t.app.jobs.run('prune-audit-events', { now });
    expect(run).toBeGreaterThanOrEqual(10);
    const left = await t.prisma.auditEvent.findMany({
      where: { targetId: { gte: 990001, lte: 990040 } },
      select: { targetId: true },
      orderBy: { targetId: 'asc' },
    });
    // g days back plus an hour: g = 1…30 are within 30 days, 31…40 are older.
    expect(left.map((r) => r.targetId)).toEqual(Array.from({ length: 30 }, (_, i) => 990001 + i));
    // Outside the task the table still refuses deletes.
    await expect(t.prisma.auditEvent.deleteMany({ where: { targetId: 990001 } })).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('the client address', () => {
  it('is the connecting address, X-Forwarded-For ignored while TRUST_PROXY is off', async () => {
    const owner = await createUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/rest/organizations',
      headers: { ...owner.headers, 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '192.0.2.10',
      payload: { name: 'Адреса', type: 2 },
    });
    const row = await t.prisma.auditEvent.findFirstOrThrow({
      where: { action: 'organization.created', actorId: owner.id },
    });
    expect(row.ip).toBe('192.0.2.10');
  });

  it("is the proxy's X-Forwarded-For when TRUST_PROXY names the proxy", async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: '192.0.2.10' } });
    try {
      const owner = await createUser(proxied);
      await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/rest/organizations',
        headers: { ...owner.headers, 'x-forwarded-for': '203.0.113.9' },
        remoteAddress: '192.0.2.10',
        payload: { name: 'Прокси', type: 2 },
      });
      const row = await proxied.prisma.auditEvent.findFirstOrThrow({
        where: { action: 'organization.created' },
      });
      expect(row.ip).toBe('203.0.113.9');
    } finally {
      await proxied.close();
    }
  });
});

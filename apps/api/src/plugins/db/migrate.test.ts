import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { migrate, migrationsDir, openDatabase } from './database';
import { applyMigrations, readMigrations } from './migrate';

const log = { info() {} };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshDatabase() {
  const db = await createTestDatabase('cabinet_migrate');
  cleanups.push(db.drop);
  return db.url;
}

async function open(databaseUrl?: string, dataDir = os.tmpdir()) {
  const database = await openDatabase({ databaseUrl, dataDir, log });
  cleanups.push(() => database.close());
  return database;
}

const all = readMigrations(migrationsDir()).map((m) => m.name);

describe('migrations on PostgreSQL', () => {
  it('apply on an empty database, with reference data, in Prisma’s _prisma_migrations format', async () => {
    const database = await open(await freshDatabase());
    expect(await migrate(database)).toEqual(all);

    const { rows } = await database.pool.query(
      'SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(all);
    for (const [i, m] of readMigrations(migrationsDir()).entries()) {
      expect(rows[i]).toMatchObject({ checksum: m.checksum, applied_steps_count: 1, rolled_back_at: null });
      expect(rows[i].finished_at).toBeInstanceOf(Date);
    }
    expect(await database.prisma.userType.findMany({ orderBy: { id: 'asc' } })).toMatchObject([
      { id: 1, name: 'Пользователь' },
      { id: 2, name: 'Администратор' },
    ]);
    expect((await database.prisma.organizationType.findMany()).map((t) => t.code).sort()).toEqual([
      'company',
      'personal',
      'team',
    ]);
    expect(
      (await database.prisma.memberType.findMany({ orderBy: { id: 'asc' } })).map((t) => t.name),
    ).toEqual(['Владелец', 'Участник', 'Администратор']);
    const plans = await database.prisma.plan.findMany({ orderBy: { id: 'asc' } });
    expect(plans.map((p) => p.name)).toEqual(['Базовый', 'Про', 'Корп']);
    expect(plans[0]?.priceMonth.toFixed(2)).toBe('0.00');
  });

  it('a restart applies nothing twice', async () => {
    const url = await freshDatabase();
    expect(await migrate(await open(url))).toEqual(all);
    expect(await migrate(await open(url))).toEqual([]);
    const database = await open(url);
    const { rows } = await database.pool.query('SELECT count(*)::int AS n FROM _prisma_migrations');
    expect(rows[0].n).toBe(all.length);
  });

  it('two processes starting at once are safe: each migration runs exactly once', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([migrate(await open(url)), migrate(await open(url))]);
    expect([...a, ...b].sort()).toEqual(all);
  });

  it('a failing migration is rolled back whole and not recorded', async () => {
    const database = await open(await freshDatabase());
    const client = await database.pool.connect();
    try {
      const broken = [
        { name: '1_ok', sql: 'CREATE TABLE good (id int);', checksum: 'a' },
        { name: '2_bad', sql: 'CREATE TABLE half (id int); SELECT no_such_function();', checksum: 'b' },
      ];
      await expect(applyMigrations(client, broken)).rejects.toThrow(/2_bad failed and was rolled back/);
      const { rows } = await client.query(
        "SELECT to_regclass('good') AS good, to_regclass('half') AS half, (SELECT count(*)::int FROM _prisma_migrations) AS n",
      );
      expect(rows[0]).toEqual({ good: 'good', half: null, n: 1 });
    } finally {
      client.release();
    }
  });

  it('refuses to run when an applied migration was edited', async () => {
    const database = await open(await freshDatabase());
    const client = await database.pool.connect();
    try {
      await applyMigrations(client, [{ name: '1_x', sql: 'SELECT 1;', checksum: 'one' }]);
      await expect(
        applyMigrations(client, [{ name: '1_x', sql: 'SELECT 2;', checksum: 'two' }]),
      ).rejects.toThrow(/changed after it was applied/);
    } finally {
      client.release();
    }
  });
});

describe('the embedded database (PGlite)', () => {
  it('applies the migrations, keeps data under DATA_DIR and applies nothing after a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cabinet-embedded-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

    const first = await openDatabase({ dataDir, log });
    expect(first.embedded).toBe(true);
    expect(await migrate(first)).toEqual(all);
    await first.prisma.user.create({ data: { email: 'kept@example.com', vaultKey: new Uint8Array(32) } });
    // Trigram search works on the embedded database too.
    expect(await first.prisma.user.count({ where: { email: { contains: 'kept' } } })).toBe(1);
    await first.close();

    const second = await openDatabase({ dataDir, log });
    try {
      expect(await migrate(second)).toEqual([]);
      expect(await second.prisma.user.count({ where: { email: 'kept@example.com' } })).toBe(1);
      expect(await second.prisma.plan.count()).toBe(3);
    } finally {
      await second.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
  }, 120_000); // PGlite starts twice and applies every migration: slow on a busy 2-core machine
});

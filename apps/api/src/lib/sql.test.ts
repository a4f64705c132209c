import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { Prisma } from '../generated/prisma/client';
import { type Database, openDatabase } from '../plugins/db/database';
import { readRows } from './sql';

// Prepared statements (decision 0179): the hot reads are parsed once per connection, planned with each
// execution's values, and survive a migration that changes a table under them.

describe('statements run by readRows', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  const opened: Database[] = [];
  const open = async (preparedStatements?: boolean) => {
    const database = await openDatabase({
      databaseUrl: testDb.url,
      dataDir: '/tmp/cabinet-test-data/sql',
      log: { info() {} },
      poolMax: 1,
      ...(preparedStatements === undefined ? {} : { preparedStatements }),
    });
    opened.push(database);
    return database;
  };
  const prepared = async (database: Database) =>
    (
      await readRows<{ n: number }>(
        database.pool,
        Prisma.sql`SELECT count(*)::int AS n FROM pg_prepared_statements`,
      )
    )[0]?.n;

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await testDb.drop();
  });

  it('are prepared once per connection and planned with their values', async () => {
    const database = await open();
    const query = (id: number) => Prisma.sql`SELECT ${id}::int + 1 AS next`;
    expect(await readRows(database.pool, query(1))).toEqual([{ next: 2 }]);
    expect(await readRows(database.pool, query(41))).toEqual([{ next: 42 }]);
    // This statement and the counting one: one entry each, however often they run.
    expect(await prepared(database)).toBe(2);
    expect(await prepared(database)).toBe(2);
    const [mode] = await readRows<{ plan_cache_mode: string }>(
      database.pool,
      Prisma.sql`SHOW plan_cache_mode`,
    );
    expect(mode?.plan_cache_mode).toBe('force_custom_plan');
  });

  it('run unnamed when DATABASE_PREPARED_STATEMENTS is off', async () => {
    const database = await open(false);
    await readRows(database.pool, Prisma.sql`SELECT ${1}::int AS one`);
    expect(await prepared(database)).toBe(0);
  });

  it('still answer after a migration changes the table under a prepared statement', async () => {
    const database = await open();
    await database.pool.query('CREATE TABLE sql_test_rows (id int)');
    await database.pool.query('INSERT INTO sql_test_rows VALUES (1)');
    const read = () => readRows(database.pool, Prisma.sql`SELECT * FROM sql_test_rows WHERE id = ${1}::int`);
    expect(await read()).toEqual([{ id: 1 }]);
    await database.pool.query('ALTER TABLE sql_test_rows ADD COLUMN note text');
    expect(await read()).toEqual([{ id: 1, note: null }]);
    expect(await read()).toEqual([{ id: 1, note: null }]);
  });
});

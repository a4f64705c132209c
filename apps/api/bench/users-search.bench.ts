/**
 * Benchmark: the admin user search (substring of e-mail or name) and the user list at a million users.
 * Rerun with `pnpm --filter @cabinet/api bench:search` (needs PostgreSQL: TEST_DATABASE_URL or
 * 127.0.0.1:5432). It creates a database of its own, fills it, measures through the real app, prints the
 * query plan and the timings, and drops the database. Numbers are printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { createMailer } from '../src/adapters/smtp';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';
import { createSession } from '../src/lib/sessions';
import { migrate, openDatabase } from '../src/plugins/db/database';
import { createTestDatabase } from '../test/database';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const RUNS = 20;

const db = await createTestDatabase('cabinet_bench');
const database = await openDatabase({ databaseUrl: db.url, dataDir: '/tmp', log: { info() {} } });
try {
  await migrate(database);
  const t0 = performance.now();
  await database.pool.query(
    `INSERT INTO users (email, name, vault_key, email_verified_at)
     SELECT 'user' || i || '.' || md5(i::text) || '@example' || (i % 97) || '.com',
            'Имя' || md5((i * 7)::text), '\\x00'::bytea, now()
     FROM generate_series(1, $1) AS i`,
    [USERS],
  );
  await database.pool.query('ANALYZE users');
  console.log(
    `filled ${USERS.toLocaleString('en')} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const admin = await database.prisma.user.create({
    data: { email: 'bench-admin@example.com', name: 'Admin', typeId: 2, vaultKey: new Uint8Array(32) },
  });
  const token = await createSession(database.prisma, admin.id);
  const env = loadEnv({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/cabinet-bench' });
  const app = await buildApp({
    env,
    database,
    mailer: createMailer({ from: 'x', log: { info() {} } }),
    webDist: null,
    logger: false,
  });

  const plan = await database.pool.query(
    `EXPLAIN SELECT id FROM users WHERE email ILIKE '%5d41402a%' OR name ILIKE '%5d41402a%' ORDER BY id LIMIT 20`,
  );
  console.log('plan of the substring search:');
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);

  const cases: [string, string][] = [
    ['search: rare substring', '/api/v1/rest/profile/list?search=5d41402a&perPage=20'],
    [
      'search: exact e-mail',
      `/api/v1/rest/profile/search?search=user777.${'f1c1592588411002af340cbaedd6fc33'}@example1.com`,
    ],
    ['list: page 1', '/api/v1/rest/profile/list?perPage=100'],
    ['list: page 5000', '/api/v1/rest/profile/list?perPage=100&page=5000'],
  ];
  for (const [name, url] of cases) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await app.inject({ url, headers: { 'x-session-id': token } });
      times.push(performance.now() - start);
      status = res.statusCode;
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(RUNS / 2)] ?? 0;
    const p95 = times[Math.floor(RUNS * 0.95)] ?? 0;
    console.log(`${name.padEnd(24)} status ${status}  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`);
  }
  await app.close();
} finally {
  await database.close();
  await db.drop();
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { migrationsDir } from './plugins/db/database';
import { readMigrations } from './plugins/db/migrate';

// The release step's runner (the Kubernetes Job runs its bundle, dist/migrate.js) as a real process on a
// bare environment, from its TypeScript source as the other process tests do.

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const all = readMigrations(migrationsDir()).map((m) => m.name);

function runMigrate(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/migrate.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

async function recorded(url: string): Promise<string[] | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string | null }>(
      `SELECT to_regclass('_prisma_migrations')::text AS name`,
    );
    if (!rows[0]?.name) return null;
    const done = await client.query<{ migration_name: string }>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
    );
    return done.rows.map((r) => r.migration_name);
  } finally {
    await client.end();
  }
}

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});
async function freshDatabase() {
  const db = await createTestDatabase('cabinet_migrate_cli');
  drops.push(db.drop);
  return db.url;
}

describe('migrate.ts (node apps/api/dist/migrate.js)', () => {
  it('applies every pending migration, exits 0, and a second run applies nothing', async () => {
    const url = await freshDatabase();
    const first = await runMigrate({ DATABASE_URL: url });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toBe(`Applied migrations: ${all.join(', ')}`);
    expect(await recorded(url)).toEqual(all);

    const second = await runMigrate({ DATABASE_URL: url });
    expect([second.code, second.stdout.trim()]).toEqual([0, 'Database schema is up to date']);
    expect(await recorded(url)).toEqual(all);
  });

  it('a bad configuration stops it naming the variable, before the database is touched', async () => {
    const url = await freshDatabase();
    const run = await runMigrate({ DATABASE_URL: url, S3_BUCKET: 'only-one' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid configuration');
    expect(run.stderr).toMatch(/S3_ENDPOINT: required with S3_BUCKET/);
    expect(await recorded(url)).toBeNull();
  });

  it('refuses to run without DATABASE_URL: the embedded database is migrated by its server', async () => {
    const run = await runMigrate({ DATA_DIR: '/nonexistent/cabinet-data' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^DATABASE_URL is not set/);
    expect(run.stdout).toBe('');
  });

  it('an unreachable database fails it with exit 1 and one line, no stack trace', async () => {
    const run = await runMigrate({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/cabinet' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Migration failed: /);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

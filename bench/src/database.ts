import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './lifecycle';
import { settings } from './settings';

// A database of its own per size, on TEST_DATABASE_URL's server, dropped at the end (or on Ctrl-C).

export function databaseUrl(name: string): string {
  const url = new URL(settings.adminDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: settings.adminDatabaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createBenchDatabase(size: number): Promise<BenchDatabase> {
  const name = `cabinet_bench_${size}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const dropIt = () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {});
  const unregister = onCleanup(`database ${name}`, dropIt);
  return {
    name,
    url: databaseUrl(name),
    async drop() {
      unregister();
      await dropIt();
    },
  };
}

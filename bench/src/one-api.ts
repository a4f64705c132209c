import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { ensureApiBuild } from './build';
import { type BenchDatabase, createBenchDatabase } from './database';
import { cleanupAll } from './lifecycle';
import { type Running, startApi } from './servers';
import { settings } from './settings';

// What the one-process benches (bodies, uploads) share: the built API as `pnpm start` runs it, on an empty
// database of its own, with a work folder for its data and log; a signed-in account; the run's end.

export interface OneApi {
  api: Running;
  database: BenchDatabase;
  /** Stops the API, drops the database and removes the work folder. */
  stop(): Promise<void>;
}

/** Starts the API as `api-<name>` with its work folder under the bench's output (`<name>-…`). */
export async function startOneApi(name: string): Promise<OneApi> {
  const build = ensureApiBuild();
  const database = await createBenchDatabase(0);
  await mkdir(settings.outDir, { recursive: true });
  const work = await mkdtemp(path.join(settings.outDir, `${name}-`));
  await mkdir(path.join(work, 'data'), { recursive: true });
  const api = await startApi({
    name: `api-${name}`,
    server: build.server,
    databaseUrl: database.url,
    dataDir: path.join(work, 'data'),
    logDir: work,
  });
  return {
    api,
    database,
    async stop() {
      await api.stop();
      await database.drop();
      await rm(work, { recursive: true, force: true });
    },
  };
}

/** A verified account with a session, written as sign-in writes them; answers the session's token. */
export async function signedInAccount(databaseUrl: string, email: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO users (email, name, email_verified_at, vault_key) VALUES ($1, $2, now(), $3) RETURNING id`,
      [email, name, randomBytes(32)],
    );
    const token = randomBytes(32).toString('base64url');
    // As sign-in makes it: the token's SHA-256 (apps/api/src/lib/sessions.ts).
    await client.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [rows[0]?.id, createHash('sha256').update(token).digest()],
    );
    return token;
  } finally {
    await client.end();
  }
}

/** Runs a bench's main: a failure sets the exit code, and whatever was started is stopped either way. */
export function runBench(main: () => Promise<void>): void {
  main()
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => cleanupAll());
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { ADMIN_DATABASE_URL } from '../database';

/** apps/api: the real server runs from its TypeScript source, as `pnpm dev` does, without a build. */
const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ApiProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every log line so far (pino JSON, or plain text before the logger starts). */
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * A real API process (`node --import tsx src/server.ts`) on a free loopback port with `env` on top of a
 * bare environment (nothing from the test runner leaks in). Resolves once it listens.
 */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const listeners = new Set<() => void>();
  const collect = (data: Buffer) => {
    for (const line of data.toString('utf8').split('\n')) if (line.trim()) logs.push(line);
    for (const wake of listeners) wake();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
      for (const wake of listeners) wake();
    }),
  );
  let done = false;
  void exited.then(() => {
    done = true;
  });

  const waitForLog = (pattern: RegExp, ms = timeoutMs) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const line = logs.find((l) => pattern.test(l));
        if (line) return finish(() => resolve(line));
        if (done)
          return finish(() => reject(new Error(`exited before logging ${pattern}:\n${logs.join('\n')}`)));
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`no log ${pattern} within ${ms} ms:\n${logs.join('\n')}`))),
        ms,
      );
      const finish = (then: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        then();
      };
      listeners.add(check);
      check();
    });

  const listening = await waitForLog(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
  const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(listening)?.[1] ?? '';
  return {
    url,
    port: Number(new URL(url).port),
    child,
    logs,
    exited,
    waitForLog,
    async stop() {
      if (!done) child.kill('SIGTERM');
      return (await exited).code;
    },
  };
}

/** A prefix of its own for one test run's Redis keys, so parallel runs on one Redis never collide. */
export const uniqueRedisPrefix = () =>
  `cabinet-test-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}:`;

/** Removes a test run's keys. */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}

/** Connections open to one database (other than the one asking). */
export async function connectionsTo(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [name],
  );
  await client.end();
  return rows[0]?.n ?? 0;
}

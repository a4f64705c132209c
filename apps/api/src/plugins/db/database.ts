import fs from 'node:fs';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient, type Prisma as PrismaNamespace } from '../../generated/prisma/client';
import { findUp } from '../../lib/find-up';
import { prepareStatementsOn } from '../../lib/sql';
import { applyMigrations, readMigrations } from './migrate';

export type Prisma = PrismaClient;
/** The client inside prisma.$transaction. */
export type Tx = PrismaNamespace.TransactionClient;
/** Either: for reads that run alone or inside a transaction. */
export type Db = Prisma | Tx;

/** Every interactive transaction waits at most 10 s for a connection and runs at most 15 s. */
export const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

/** Runs `work` in one transaction with the house options. */
export const transaction = <T>(prisma: Prisma, work: (tx: Tx) => Promise<T>): Promise<T> =>
  prisma.$transaction(work, TX_OPTIONS);

export interface Database {
  prisma: PrismaClient;
  /** The raw pool, for the few statements Prisma cannot express (advisory locks, readiness). */
  pool: pg.Pool;
  embedded: boolean;
  close(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
}

interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  log: Logger;
  /** Pool size for a real PostgreSQL. */
  poolMax?: number;
  /** Prepare the hot reads' statements once per connection (lib/sql.ts; default true; never embedded). */
  preparedStatements?: boolean;
}

/**
 * An embedded PostgreSQL (PGlite) behind pglite-socket, so the same @prisma/adapter-pg code path serves
 * both. PGlite is one connection; the pool is kept at one connection to match.
 */
async function startEmbedded(dataDir: string, log: Logger) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const dir = path.join(dataDir, 'pgdata');
  fs.mkdirSync(dir, { recursive: true });
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  const address = server.getServerConn();
  log.info(`Embedded PostgreSQL (PGlite) in ${dir}`);
  return {
    url: `postgresql://postgres:postgres@${address}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = options.databaseUrl ? null : await startEmbedded(options.dataDir, options.log);
  const connectionString = options.databaseUrl ?? embedded?.url;
  const prepared = !embedded && options.preparedStatements !== false;
  const pool = new pg.Pool({
    connectionString,
    max: embedded ? 1 : (options.poolMax ?? 10),
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Prepared statements are planned with each execution's values, as unnamed ones are (decision 0179).
    ...(prepared ? { options: '-c plan_cache_mode=force_custom_plan' } : {}),
  });
  if (prepared) prepareStatementsOn(pool);
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    pool,
    embedded: Boolean(embedded),
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
      await embedded?.stop();
    },
  };
}

export function migrationsDir(): string {
  const dir = findUp('prisma/migrations');
  if (!dir) throw new Error('prisma/migrations not found');
  return dir;
}

export async function migrate(db: Database): Promise<string[]> {
  const client = await db.pool.connect();
  try {
    return await applyMigrations(client, readMigrations(migrationsDir()));
  } finally {
    client.release();
  }
}

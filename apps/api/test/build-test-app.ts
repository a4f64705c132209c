import { createMailer } from '../src/adapters/smtp';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';
import { type Database, migrate, openDatabase } from '../src/plugins/db/database';
import type { RateLimits } from '../src/plugins/rate-limit';
import { createTestDatabase } from './database';
import { SmtpPeer } from './smtp-peer';

export interface TestAppOptions {
  env?: Record<string, string>;
  rateLimits?: Partial<RateLimits>;
}

/**
 * The real app on a database of its own (real PostgreSQL, migrated) with a real SMTP peer.
 * Tests talk to it through app.inject(). Call close() in afterAll.
 */
export async function buildTestApp(options: TestAppOptions = {}) {
  const testDb = await createTestDatabase();
  const smtp = new SmtpPeer();
  const smtpUrl = await smtp.start();
  const env = loadEnv({
    DATABASE_URL: testDb.url,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'silent',
    DATA_DIR: `/tmp/cabinet-test-data/${process.pid}`,
    PUBLIC_URL: 'http://cabinet.test',
    ...options.env,
  });
  const database: Database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    log: { info() {} },
  });
  await migrate(database);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: { info() {} } });
  // The app's clock: real time unless a test moves it (setNow), for requests and jobs alike.
  let moved: Date | null = null;
  const app = await buildApp({
    now: () => moved ?? new Date(),
    env,
    database,
    mailer,
    webDist: null,
    logger: false,
    startJobs: false,
    rateLimits: { loginSend: 10_000, loginVerify: 10_000, ...options.rateLimits },
  });
  await app.ready();
  return {
    app,
    env,
    prisma: database.prisma,
    database,
    smtp,
    databaseUrl: testDb.url,
    /** Moves the app's clock (null: real time again). */
    setNow(date: Date | null) {
      moved = date;
    },
    async close() {
      await app.close();
      mailer.close();
      await database.close();
      await smtp.stop();
      await testDb.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/adapters/smtp';
import { buildApp } from '../../src/app';
import { loadEnv } from '../../src/env';
import { type Database, migrate, openDatabase } from '../../src/plugins/db/database';
import type { TestApp } from '../build-test-app';
import { createTestDatabase } from '../database';
import { createUser, uniqueEmail } from '../factories';
import { SmtpPeer } from '../smtp-peer';
import { dropRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from './api-process';

// Rate limits in Redis (decision 0061), in process: the key prefix keeps installations (and test runs)
// apart, and a Redis that cannot be reached stops the start with a message naming REDIS_URL.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
const smtp = new SmtpPeer();
let smtpUrl: string;
const prefixes = [uniqueRedisPrefix(), uniqueRedisPrefix()];

beforeAll(async () => {
  db = await createTestDatabase('cabinet_ops');
  database = await openDatabase({
    databaseUrl: db.url,
    dataDir: '/tmp/cabinet-redis-test',
    log: { info() {} },
  });
  await migrate(database);
  smtpUrl = await smtp.start();
});

afterAll(async () => {
  await database?.close();
  await db?.drop();
  await smtp.stop();
  for (const prefix of prefixes) await dropRedisKeys(prefix);
});

async function appWith(env: Record<string, string>, emailLookups?: { account: number; address: number }) {
  const config = loadEnv({
    DATABASE_URL: db.url,
    DATA_DIR: '/tmp/cabinet-redis-test',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const mailer = createMailer({ smtpUrl, from: config.MAIL_FROM, log: { info() {} } });
  const app = await buildApp({
    env: config,
    database,
    mailer,
    webDist: null,
    logger: false,
    rateLimits: { loginSend: 1, ...(emailLookups ? { emailLookups } : {}) },
  });
  await app.ready();
  return app;
}

const askCode = (app: Awaited<ReturnType<typeof appWith>>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: '192.0.2.7',
    payload: { email: uniqueEmail() },
  });

describe('rate limits in Redis', () => {
  it('are shared by apps with one prefix and separate across prefixes', async () => {
    const [first, second, other] = await Promise.all([
      appWith({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefixes[0] ?? '' }),
      appWith({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefixes[0] ?? '' }),
      appWith({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefixes[1] ?? '' }),
    ]);
    try {
      expect((await askCode(first)).statusCode).toBe(200);
      expect((await askCode(second)).statusCode).toBe(429);
      expect((await askCode(other)).statusCode).toBe(200);
    } finally {
      await Promise.all([first.close(), second.close(), other.close()]);
    }
  });

  it('exact-e-mail lookups are counted in Redis too: one account budget across processes (decision 0190)', async () => {
    const prefix = uniqueRedisPrefix();
    prefixes.push(prefix);
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix };
    const [first, second] = await Promise.all([
      appWith(env, { account: 1, address: 100 }),
      appWith(env, { account: 1, address: 100 }),
    ]);
    try {
      const user = await createUser({ prisma: database.prisma } as unknown as TestApp);
      const search = (app: typeof first) =>
        app.inject({
          url: `/api/v1/rest/profile/search?search=${encodeURIComponent(user.email)}`,
          headers: user.headers,
        });
      expect((await search(first)).statusCode).toBe(200);
      expect((await search(second)).statusCode).toBe(429);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('without REDIS_URL each process counts for itself', async () => {
    const [first, second] = await Promise.all([appWith({}), appWith({})]);
    try {
      expect((await askCode(first)).statusCode).toBe(200);
      expect((await askCode(first)).statusCode).toBe(429);
      expect((await askCode(second)).statusCode).toBe(200);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('a Redis that cannot be reached stops the start naming REDIS_URL', async () => {
    await expect(appWith({ REDIS_URL: 'redis://:secret@127.0.0.1:1' })).rejects.toThrow(
      /^REDIS_URL: cannot connect to redis:\/\/:\*\*\*@127\.0\.0\.1:1/,
    );
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { SmtpPeer } from '../../test/smtp-peer';
import { createMailer } from '../adapters/smtp';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { migrate, openDatabase } from '../plugins/db/database';
import { queueMail } from './outbox';

// The job queue itself (decision 0150): pg-boss starts on the product's database, real PostgreSQL and the
// embedded PGlite alike, schedules every job once, runs a requested job on its worker, and stops gracefully.

const JOBS = [
  'mail-outbox',
  'plan-expiry',
  'plan-reminders',
  'plan-renewals',
  'prune-audit-events',
  'prune-identity-flows',
  'prune-mail-outbox',
  'prune-user-lookups',
  'prune-webauthn-challenges',
  'purge-unverified-accounts',
  'webhook-deliveries',
];

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the job queue on pg-boss', () => {
  it('starts on PostgreSQL, schedules each job once, runs a requested job on its worker, stops', async () => {
    const t = await buildTestApp();
    cleanups.push(() => t.close());
    expect(await t.app.jobs.start()).toBe(true);
    const schedules = await t.prisma.$queryRaw<{ name: string; cron: string }[]>`
      SELECT name, cron FROM pgboss.schedule ORDER BY name`;
    expect(schedules.map((s) => s.name)).toEqual(JOBS);
    expect(schedules.find((s) => s.name === 'mail-outbox')?.cron).toBe('* * * * *');

    // A mail queued without a send in this process: the worker sends it when the job is asked for.
    await queueMail(
      t.prisma,
      { key: 'jobs-test', to: 'queue@example.com', subject: 'Проверка', text: 'Текст', html: '<p>Текст</p>' },
      new Date(),
    );
    await t.app.jobs.request('mail-outbox');
    expect((await t.smtp.nextMail('queue@example.com', 0, 15_000)).subject).toBe('Проверка');

    // A second start of the same schedules (another process) adds none.
    const other = await buildApp({
      env: t.env,
      database: t.database,
      mailer: t.app.mailer,
      webDist: null,
      logger: false,
      startJobs: false,
    });
    await other.ready();
    expect(await other.jobs.start()).toBe(true);
    expect(await t.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.schedule`).toEqual(
      [{ n: JOBS.length }],
    );
    await other.jobs.stop();
    await t.app.jobs.stop();
  }, 60_000);

  it('runs on the embedded database (PGlite, one connection shared with the app)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cabinet-jobs-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const smtp = new SmtpPeer();
    const smtpUrl = await smtp.start();
    cleanups.push(() => smtp.stop());
    const env = loadEnv({
      SMTP_URL: smtpUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://cabinet.test',
    });
    const database = await openDatabase({ dataDir, log: { info() {} } });
    const mailer = createMailer({ smtpUrl, from: env.MAIL_FROM, log: { info() {} } });
    try {
      await migrate(database);
      const app = await buildApp({ env, database, mailer, webDist: null, logger: false, startJobs: false });
      await app.ready();
      expect(await app.jobs.start()).toBe(true);
      await queueMail(
        app.prisma,
        {
          key: 'pglite',
          to: 'embedded@example.com',
          subject: 'Встроенная',
          text: 'Текст',
          html: '<p>Текст</p>',
        },
        new Date(),
      );
      await app.jobs.request('mail-outbox');
      expect((await smtp.nextMail('embedded@example.com', 0, 20_000)).subject).toBe('Встроенная');
      expect(await app.jobs.run('plan-reminders')).toBe(0);
      await app.close();
    } finally {
      mailer.close();
      await database.close();
    }
  }, 120_000);

  it('a database that is down does not stop the app: start answers false and the app stays up', async () => {
    const env = loadEnv({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:9/nothing', LOG_LEVEL: 'silent' });
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: '/tmp',
      log: { info() {} },
    });
    const app = await buildApp({
      env,
      database,
      mailer: createMailer({ from: 'x', log: { info() {} } }),
      webDist: null,
      logger: false,
      startJobs: false,
    });
    try {
      expect(await app.jobs.start()).toBe(false);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

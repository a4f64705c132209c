import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/adapters/smtp';
import { buildApp } from '../../src/app';
import { loadEnv } from '../../src/env';
import { type Database, migrate, openDatabase } from '../../src/plugins/db/database';
import type { TestApp } from '../build-test-app';
import { createTestDatabase } from '../database';
import { createUser } from '../factories';
import { type S3Server, startS3Server } from './s3-server';

// Switching a running installation from local disk to S3 (decision 0060): files stored before the switch
// keep downloading from the disk, new files go to the bucket, one database throughout.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
let s3: S3Server;
const dataDir = `/tmp/cabinet-switch-${process.pid}-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  db = await createTestDatabase('cabinet_ops');
  database = await openDatabase({ databaseUrl: db.url, dataDir, log: { info() {} } });
  await migrate(database);
  s3 = await startS3Server();
});

afterAll(async () => {
  await database?.close();
  await db?.drop();
  await s3?.stop();
});

async function appWith(env: Record<string, string>) {
  const config = loadEnv({ DATABASE_URL: db.url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const mailer = createMailer({ from: config.MAIL_FROM, log: { info() {} } });
  const app = await buildApp({ env: config, database, mailer, webDist: null, logger: false });
  await app.ready();
  return app;
}

function upload(app: Awaited<ReturnType<typeof appWith>>, token: string, bytes: Buffer) {
  const boundary = `----switch${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/files/upload',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe('switching storage from local disk to S3', () => {
  it('keeps serving files stored before the switch, and stores new ones in the bucket', async () => {
    const before = await appWith({});
    const { token } = await createUser({ prisma: database.prisma } as TestApp);
    const oldBytes = randomBytes(10_000);
    const up1 = await upload(before, token, oldBytes);
    expect(up1.statusCode, up1.body).toBe(200);
    const oldFile = up1.json().data;
    expect(oldFile.disk).toBe('local');
    await before.close();

    const after = await appWith(s3.env);
    try {
      const newBytes = randomBytes(10_000);
      const up2 = await upload(after, token, newBytes);
      expect(up2.statusCode, up2.body).toBe(200);
      const newFile = up2.json().data;
      expect(newFile.disk).toBe('s3');

      for (const [file, bytes] of [
        [oldFile, oldBytes],
        [newFile, newBytes],
      ] as const) {
        const down = await after.inject({
          url: file.relative_url,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(down.statusCode).toBe(200);
        expect(down.rawPayload.equals(bytes)).toBe(true);
      }
    } finally {
      await after.close();
    }
  });

  it('a wrong bucket stops the start with a message naming S3', async () => {
    await expect(appWith({ ...s3.env, S3_BUCKET: 'missing-bucket' })).rejects.toThrow(
      /S3 bucket 'missing-bucket' is not reachable .*S3_\*/,
    );
  });
});

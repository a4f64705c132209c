import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';
import { injectUpload } from '../../../test/uploads';
import { formatBytes } from './files.quota';
import { deleteUserFiles } from './files.service';

// The per-user storage quota (decision 0095), on an app whose quota is 10,000 bytes.
const QUOTA = 10_000;

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cabinet-quota-test-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir, FILES_QUOTA_BYTES: String(QUOTA) } });
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const storedObjects = async () =>
  (await readdir(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

const usedBytes = async (user: TestUser) =>
  Number((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).filesBytes);

const uploadBytes = (user: TestUser, size: number, name = 'data.bin') =>
  injectUpload(t, user, 'upload', { data: Buffer.alloc(size, 7), name });

describe('storage quota (FILES_QUOTA_BYTES)', () => {
  it('takes files up to the quota exactly and refuses the byte past it with 413, keeping nothing', async () => {
    const user = await createUser(t);
    const { updatedAt } = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect((await uploadBytes(user, 6_000)).statusCode).toBe(200);
    expect((await uploadBytes(user, 4_000)).statusCode).toBe(200);
    expect(await usedBytes(user)).toBe(QUOTA);
    // The count is not a profile change.
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).updatedAt).toEqual(updatedAt);

    const objectsBefore = await storedObjects();
    const refused = await uploadBytes(user, 1, 'one-more.bin');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      success: false,
      message:
        'Превышен объём хранилища: занято 10 КБ из 10 КБ, файл — 1 Б. Удалите ненужные файлы, чтобы загрузить новые.',
      data: null,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await t.prisma.file.count({ where: { userId: user.id } })).toBe(2);
    expect(await storedObjects()).toEqual(objectsBefore);
    expect(await usedBytes(user)).toBe(QUOTA);
  });

  it('holds under concurrent uploads near the limit: exactly as many as fit are kept', async () => {
    const user = await createUser(t);
    expect((await uploadBytes(user, 1_000)).statusCode).toBe(200);
    const objectsBefore = (await storedObjects()).length;
    // 9,000 bytes left: three of these eight 3,000-byte uploads fit, whatever order they arrive in.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => uploadBytes(user, 3_000, `part-${i}.bin`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 413, 413, 413, 413, 413]);
    for (const refused of answers.filter((a) => a.statusCode === 413)) {
      expect(refused.json().message).toMatch(/^Превышен объём хранилища: /);
    }
    expect(await usedBytes(user)).toBe(QUOTA);
    const rows = await t.prisma.file.findMany({ where: { userId: user.id } });
    expect(rows.reduce((sum, f) => sum + f.size, 0)).toBe(QUOTA);
    expect(await storedObjects()).toHaveLength(objectsBefore + 3);
  });

  it('is per user, applies to admins too, and counts an image by its re-encoded size', async () => {
    const full = await createUser(t);
    expect((await uploadBytes(full, QUOTA)).statusCode).toBe(200);
    const other = await createUser(t);
    expect((await uploadBytes(other, 5_000)).statusCode).toBe(200);
    const admin = await createAdmin(t);
    expect((await uploadBytes(admin, QUOTA)).statusCode).toBe(200);
    expect((await uploadBytes(admin, 1)).statusCode).toBe(413);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03' } })
      .png()
      .toBuffer();
    const image = await injectUpload(t, other, 'upload-image', {
      data: png,
      name: 'a.png',
      type: 'image/png',
    });
    expect(image.statusCode, image.body).toBe(200);
    expect(await usedBytes(other)).toBe(5_000 + image.json().data.size);
    expect((await injectUpload(t, full, 'upload-image', { data: png, name: 'a.png' })).statusCode).toBe(413);
  });

  it('gives the bytes back when a file is deleted, once, and when all of a user’s files go', async () => {
    const user = await createUser(t);
    const first = await uploadBytes(user, 7_000);
    expect((await uploadBytes(user, 4_000)).statusCode).toBe(413);
    const url = `/api/v1/files/${first.json().data.id}`;
    const deletes = await Promise.all([
      t.app.inject({ method: 'DELETE', url, headers: user.headers }),
      t.app.inject({ method: 'DELETE', url, headers: user.headers }),
    ]);
    expect(deletes.map((d) => d.statusCode).sort()).toEqual([200, 404]);
    expect(await usedBytes(user)).toBe(0);
    expect((await uploadBytes(user, 4_000)).statusCode).toBe(200);
    expect((await uploadBytes(user, 6_000)).statusCode).toBe(200);
    expect(await usedBytes(user)).toBe(QUOTA);

    // Account deletion removes the files first (deleteUserFiles): the count goes with them.
    expect(await deleteUserFiles(t.prisma, t.app.storage, user.id)).toBe(2);
    expect(await usedBytes(user)).toBe(0);
  });
});

describe('formatBytes', () => {
  it('says sizes in decimal units with one decimal', () => {
    expect(formatBytes(0)).toBe('0 Б');
    expect(formatBytes(999)).toBe('999 Б');
    expect(formatBytes(1_500)).toBe('1,5 КБ');
    expect(formatBytes(20_000_000)).toBe('20 МБ');
    expect(formatBytes(999_960_000)).toBe('1 ГБ');
    expect(formatBytes(1_000_000_000)).toBe('1 ГБ');
    expect(formatBytes(2_345_000_000_000)).toBe('2,3 ТБ');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cleanFileName } from '@cabinet/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, type TestUser } from '../../../test/factories';
import { injectUpload } from '../../../test/uploads';

// File names, the name search and group labels (decisions 0096, 0097).

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cabinet-names-test-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();

async function uploadText(user: TestUser, name: string, fields: Record<string, string> = {}) {
  return injectUpload(t, user, 'upload', { data: 'text', name, type: 'text/plain' }, fields);
}

const rename = (user: TestUser, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/files/${id}`, headers: user.headers, payload });

// Right-to-left override, isolates, marks, zero-width and control characters.
const HIDDEN = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const MARKS = [
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u2060',
  '\ufeff',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u0085',
];

describe('PUT /api/v1/files/{id}: a new name is cleaned like an uploaded one', () => {
  it('drops bidi, invisible and control characters', async () => {
    const user = await createUser(t);
    const file = (await uploadText(user, 'a.txt')).json().data;
    const res = await rename(user, file.id, { name: 'счёт\u202Eexe.txt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.original_name).toBe('счётexe.txt');
    for (const char of [...HIDDEN, ...MARKS, '\u2028', '\u2029']) {
      const again = await rename(user, file.id, { name: `a${char}b.pdf` });
      expect(again.statusCode, JSON.stringify(char)).toBe(200);
      expect(again.json().data.original_name, JSON.stringify(char)).toBe('ab.pdf');
    }
    const row = await t.prisma.file.findUniqueOrThrow({ where: { id: file.id } });
    expect(row.originalName).toBe('ab.pdf');
  });

  it('keeps no folder part and refuses a name that is nothing once cleaned', async () => {
    const user = await createUser(t);
    const file = (await uploadText(user, 'a.txt')).json().data;
    const res = await rename(user, file.id, { name: '../../etc/passwd' });
    expect(res.json().data.original_name).toBe('passwd');
    for (const name of ['\u202e', ' \u200f\u2066 ', '..', 'dir/', '\u0000']) {
      const bad = await rename(user, file.id, { name });
      expect(bad.statusCode, JSON.stringify(name)).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, errors: { name: ['Обязательное поле'] } });
    }
    expect((await t.prisma.file.findUniqueOrThrow({ where: { id: file.id } })).originalName).toBe('passwd');
  });

  it('uploads and renames use one cleaning', async () => {
    const user = await createUser(t);
    const name = 'отчёт\u2067 \u200bмай\u202e.txt';
    const uploaded = await uploadText(user, name);
    const renamed = await rename(user, uploaded.json().data.id, { name });
    expect(uploaded.json().data.original_name).toBe(cleanFileName(name));
    expect(renamed.json().data.original_name).toBe(cleanFileName(name));
    expect(cleanFileName(name)).toBe('отчёт май.txt');
  });
});

describe('GET /api/v1/files?name=: %, _ and \\ match only themselves', () => {
  it('finds the literal characters, not every name', async () => {
    const user = await createUser(t);
    for (const name of ['скидка 100%.txt', 'скидка 1000.txt', 'a_b.txt', 'axb.txt', 'plain.txt']) {
      expect((await uploadText(user, name)).statusCode).toBe(200);
    }
    // A backslash never comes through an upload or a rename (it separates folders): make one directly.
    const row = await t.prisma.file.findFirstOrThrow({
      where: { userId: user.id, originalName: 'plain.txt' },
    });
    await t.prisma.file.update({ where: { id: row.id }, data: { originalName: 'back\\slash.txt' } });

    const search = async (text: string) => {
      const res = await t.app.inject({
        url: `/api/v1/files?name=${encodeURIComponent(text)}`,
        headers: user.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.map((f: { original_name: string }) => f.original_name)
        .sort();
    };
    expect(await search('%')).toEqual(['скидка 100%.txt']);
    expect(await search('0%')).toEqual(['скидка 100%.txt']);
    expect(await search('_')).toEqual(['a_b.txt']);
    expect(await search('a_b')).toEqual(['a_b.txt']);
    expect(await search('\\')).toEqual(['back\\slash.txt']);
    expect(await search('\\s')).toEqual(['back\\slash.txt']);
    expect(await search('СКИДКА')).toEqual(['скидка 100%.txt', 'скидка 1000.txt']);
  });
});

describe('group: a short label', () => {
  it('takes letters, digits, - and _ up to 32 characters on both routes', async () => {
    const user = await createUser(t);
    const image = await png();
    for (const group of ['docs', 'Invoices-2026', 'a_b', '7', 'x'.repeat(32)]) {
      const plain = await uploadText(user, 'a.txt', { group });
      expect(plain.statusCode, group).toBe(200);
      expect(plain.json().data.group).toBe(group);
      const img = await injectUpload(t, user, 'upload-image', { data: image, name: 'a.png' }, { group });
      expect(img.statusCode, group).toBe(200);
      expect(img.json().data.group).toBe(group);
    }
  });

  it('refuses anything else with a Russian message and stores nothing', async () => {
    const user = await createUser(t);
    const image = await png();
    for (const group of ['', 'x'.repeat(33), 'has space', 'a/b', '../x', 'группа', 'a.b', 'a%', 'a\u202eb']) {
      for (const res of [
        await uploadText(user, 'a.txt', { group }),
        await injectUpload(t, user, 'upload-image', { data: image, name: 'a.png' }, { group }),
      ]) {
        expect(res.statusCode, JSON.stringify(group)).toBe(400);
        expect(res.json().message).toBe('group: только латинские буквы, цифры, - и _, от 1 до 32 символов');
      }
    }
    expect(await t.prisma.file.count({ where: { userId: user.id } })).toBe(0);
  });

  it('keeps avatar the one public group: only for re-encoded images', async () => {
    const user = await createUser(t);
    for (const group of ['avatar', 'Avatar']) {
      const res = await uploadText(user, 'a.txt', { group });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('group: группа avatar — только для изображений (upload-image)');
    }
    const image = await png();
    const avatar = await injectUpload(t, user, 'upload-image', { data: image, name: 'a.png' });
    const labelled = await injectUpload(
      t,
      user,
      'upload-image',
      { data: image, name: 'a.png' },
      { group: 'team' },
    );
    expect(avatar.json().data.group).toBe('avatar');
    expect((await t.app.inject({ url: avatar.json().data.relative_url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: labelled.json().data.relative_url })).statusCode).toBe(404);
    const own = await t.app.inject({ url: labelled.json().data.relative_url, headers: user.headers });
    expect(own.statusCode).toBe(200);
  });
});

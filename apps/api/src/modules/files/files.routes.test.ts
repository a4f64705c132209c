import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import type { SignedInContext } from '../../lib/context';
import { createPlainFile } from './files.create';
import { assertOwnImage, deleteUserFiles } from './files.service';

let t: TestApp;
let dataDir: string;
let port: number;
const filesRoot = () => path.join(dataDir, 'files');
const tmpRoot = () => path.join(dataDir, 'tmp', 'uploads');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cabinet-files-test-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// ---- helpers -------------------------------------------------------------------------------------

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } });
const makePng = (width = 32, height = 24) => solid(width, height).png().toBuffer();
const makeJpeg = (width = 32, height = 24) => solid(width, height).jpeg().toBuffer();
const makeGif = () => solid(8, 8).gif().toBuffer();

/** A real JPEG followed by zeros up to exactly `size` bytes (decoders stop at the end-of-image marker). */
async function jpegOfSize(size: number) {
  const jpeg = await makeJpeg(64, 64);
  return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
}

interface FilePart {
  data: Buffer | string;
  name: string;
  type?: string;
}

/** A multipart body as a browser's FormData makes it. */
async function form(file: FilePart | null, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file)
    data.append('file', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = new Response(data);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') as string,
  };
}

async function upload(
  user: TestUser | null,
  route: 'upload-image' | 'upload',
  file: FilePart | null,
  fields: Record<string, string> = {},
) {
  const body = await form(file, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/files/${route}`,
    headers: { ...(user?.headers ?? {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function uploadImage(user: TestUser, fields: Record<string, string> = {}, name = 'фото.png') {
  const res = await upload(user, 'upload-image', { data: await makePng(), name, type: 'image/png' }, fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; url: string; path: string; hash: string; relative_url: string };
}

async function uploadPlain(user: TestUser, name = 'notes.txt', data: Buffer | string = 'hello, world\n') {
  const res = await upload(user, 'upload', { data, name, type: 'text/plain' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; url: string; path: string; mime: string; extension: string };
}

async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A streamed multipart request over real HTTP; the caller writes the body and decides when (if) it ends. */
function streamingUpload(route: string, token: string) {
  const boundary = `----cabinet${randomBytes(8).toString('hex')}`;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/v1/files/${route}`,
    headers: { 'x-session-id': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  request.on('error', () => {}); // the server may close the connection while we still write
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      request.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      });
    },
  );
  const head = (name: string, type: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return { request, response, head, tail };
}

const download = (id: number, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/v1/files/download/${id}`, headers });

// ---- upload-image ----------------------------------------------------------------------------------

describe('POST /api/v1/files/upload-image', () => {
  it('stores a real PNG re-encoded as PNG and answers the file entity', async () => {
    const user = await createUser(t);
    const png = await makePng(40, 30);
    const res = await upload(user, 'upload-image', {
      data: png,
      name: 'C:\\Users\\me\\аватар.png',
      type: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const data = body.data;
    expect(data).toMatchObject({
      original_name: 'аватар.png',
      extension: 'png',
      mime: 'image/png',
      group: 'avatar',
      disk: 'local',
      user_id: user.id,
      sort: 0,
      alt: null,
      description: null,
      relative_url: `/api/v1/files/download/${data.id}`,
      url: `http://cabinet.test/api/v1/files/download/${data.id}`,
    });
    expect(data.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(data.path).toMatch(new RegExp(`^images/[0-9a-f]{2}/${data.name}$`));
    const stored = await readFile(path.join(filesRoot(), data.path));
    expect(stored.length).toBe(data.size);
    const { createHash } = await import('node:crypto');
    expect(data.hash).toBe(createHash('sha256').update(stored).digest('hex'));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });
    const row = await t.prisma.file.findUniqueOrThrow({ where: { id: data.id } });
    expect(row).toMatchObject({
      userId: user.id,
      originalName: 'аватар.png',
      path: data.path,
      group: 'avatar',
    });
    expect(await listTree(tmpRoot())).toEqual([]);
  });

  it('keeps a JPEG a JPEG, applies EXIF orientation and strips EXIF', async () => {
    const user = await createUser(t);
    const jpeg = await solid(20, 10)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret-location', Artist: 'someone' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(
      user,
      'upload-image',
      { data: jpeg, name: 'photo.jpeg', type: 'image/jpeg' },
      { group: 'default' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ mime: 'image/jpeg', extension: 'jpg', group: 'default' });
    const stored = await readFile(path.join(filesRoot(), data.path));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Rotated by the orientation tag: 20×10 becomes 10×20.
    expect([meta.width, meta.height]).toEqual([10, 20]);
    expect(stored.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('shrinks the longest side to 2048 px', async () => {
    const user = await createUser(t);
    const res = await upload(user, 'upload-image', { data: await makePng(3000, 1000), name: 'wide.png' });
    expect(res.statusCode, res.body).toBe(200);
    const meta = await sharp(path.join(filesRoot(), res.json().data.path)).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 683]);
  });

  it('refuses images above 40 megapixels before decoding them', async () => {
    const user = await createUser(t);
    const huge = await solid(8000, 6000).png().toBuffer();
    const res = await upload(user, 'upload-image', { data: huge, name: 'huge.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Изображение слишком большое');
  });

  it('refuses what is not really JPEG or PNG with 415, whatever its name and declared type', async () => {
    const user = await createUser(t);
    const before = await t.prisma.file.count();
    const cases: FilePart[] = [
      { data: 'just some text, not an image', name: 'x.png', type: 'image/png' },
      { data: await makeGif(), name: 'anim.gif', type: 'image/gif' },
      { data: await makeGif(), name: 'anim.png', type: 'image/png' },
      {
        data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        name: 'a.svg',
        type: 'image/svg+xml',
      },
      // A PNG signature followed by garbage: looks like a PNG, does not decode.
      {
        data: Buffer.concat([(await makePng()).subarray(0, 16), randomBytes(200)]),
        name: 'broken.png',
        type: 'image/png',
      },
    ];
    for (const file of cases) {
      const res = await upload(user, 'upload-image', file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Неправильный тип файла',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    expect(await t.prisma.file.count()).toBe(before);
    expect(await listTree(tmpRoot())).toEqual([]);
  });

  it('accepts exactly 5,000,000 bytes and refuses 5,000,001 with 413 while the body is still streaming', async () => {
    const user = await createUser(t);
    const filesBefore = (await listTree(filesRoot())).length;

    const ok = streamingUpload('upload-image', user.token);
    ok.request.write(ok.head('exact.jpg', 'image/jpeg'));
    ok.request.write(await jpegOfSize(5_000_000));
    ok.request.end(ok.tail);
    const accepted = await ok.response;
    expect(accepted.status, accepted.body).toBe(200);
    expect(JSON.parse(accepted.body).data.mime).toBe('image/jpeg');

    const over = streamingUpload('upload-image', user.token);
    over.request.write(over.head('over.jpg', 'image/jpeg'));
    over.request.write(await jpegOfSize(5_000_001));
    // The body is never finished: the answer must come anyway, as soon as the limit is crossed.
    const refused = await over.response;
    over.request.destroy();
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({
      message: 'Файл слишком большой',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(refused.headers.connection).toBe('close');

    await waitFor(async () => (await listTree(tmpRoot())).length === 0);
    expect((await listTree(filesRoot())).length).toBe(filesBefore + 1);
    expect(await t.prisma.file.count({ where: { userId: user.id } })).toBe(1);
  });

  it('/upload refuses the byte after 20,000,000 the same way', async () => {
    const user = await createUser(t);
    const over = streamingUpload('upload', user.token);
    over.request.write(over.head('big.bin', 'application/octet-stream'));
    over.request.write(Buffer.alloc(20_000_001, 7));
    const refused = await over.response;
    over.request.destroy();
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).message).toBe('Файл слишком большой');
    await waitFor(async () => (await listTree(tmpRoot())).length === 0);
    expect(await t.prisma.file.count({ where: { userId: user.id } })).toBe(0);
  });

  it('an upload interrupted by the client leaves no row, no stored file and no temporary file', async () => {
    const user = await createUser(t);
    const filesBefore = await listTree(filesRoot());
    const upload = streamingUpload('upload', user.token);
    upload.request.write(upload.head('partial.bin', 'application/octet-stream'));
    upload.request.write(randomBytes(1_000_000));
    // Abort once the server is writing the temporary file.
    await waitFor(async () => (await listTree(tmpRoot())).length > 0);
    upload.request.destroy();
    await waitFor(async () => (await listTree(tmpRoot())).length === 0);
    // Give the handler a moment to finish whatever it was doing.
    await new Promise((r) => setTimeout(r, 100));
    expect(await t.prisma.file.count({ where: { userId: user.id } })).toBe(0);
    expect(await listTree(filesRoot())).toEqual(filesBefore);
  });

  it('refuses bad forms with 400 and nothing stored', async () => {
    const user = await createUser(t);
    const png = { data: await makePng(), name: 'a.png', type: 'image/png' };
    const cases = [
      await upload(user, 'upload-image', null, { group: 'avatar' }),
      await upload(user, 'upload-image', png, { group: 'has space' }),
      await upload(user, 'upload-image', png, { evil: '1' }),
      await upload(user, 'upload-image', png, { group: 'x'.repeat(10_000) }),
      await upload(user, 'upload-image', { ...png, data: Buffer.alloc(0) }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toMatch(/[а-яё]/i);
    }
    // Two files in one form.
    const data = new FormData();
    data.append('file', new Blob([png.data]), 'a.png');
    data.append('file', new Blob([png.data]), 'b.png');
    const twoFiles = new Response(data);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload-image',
      headers: { ...user.headers, 'content-type': twoFiles.headers.get('content-type') as string },
      payload: Buffer.from(await twoFiles.arrayBuffer()),
    });
    expect(res.statusCode).toBe(400);
    // A file under another field name.
    const other = new FormData();
    other.append('image', new Blob([png.data]), 'a.png');
    const otherRes = new Response(other);
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload-image',
      headers: { ...user.headers, 'content-type': otherRes.headers.get('content-type') as string },
      payload: Buffer.from(await otherRes.arrayBuffer()),
    });
    expect(res2.statusCode).toBe(400);
    expect(await t.prisma.file.count({ where: { userId: user.id } })).toBe(0);
    expect(await listTree(tmpRoot())).toEqual([]);
  });

  it('accepts and ignores the storage field; answers 401 without a session and 415 for JSON', async () => {
    const user = await createUser(t);
    const png = { data: await makePng(), name: 'a.png', type: 'image/png' };
    const ok = await upload(user, 'upload-image', png, { storage: 'public', group: 'avatar' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.disk).toBe('local');
    expect((await upload(null, 'upload-image', png)).statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload-image',
      headers: user.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('cleans the client name: no path, no control or bidi characters, at most 255 characters', async () => {
    const user = await createUser(t);
    const png = await makePng();
    const long = `${'я'.repeat(300)}.png`;
    const res = await upload(user, 'upload-image', { data: png, name: long, type: 'image/png' });
    expect(res.statusCode, res.body).toBe(200);
    const name = res.json().data.original_name as string;
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('.png')).toBe(true);
    const bidi = await upload(user, 'upload-image', {
      data: png,
      name: '../../etc/pho\u202etogpj.png',
      type: 'image/png',
    });
    expect(bidi.json().data.original_name).toBe('photogpj.png');
  });
});

// ---- upload ----------------------------------------------------------------------------------------

describe('POST /api/v1/files/upload', () => {
  it('stores any file byte for byte with the detected type, else application/octet-stream', async () => {
    const user = await createUser(t);
    const text = await uploadPlain(user, 'notes.txt', 'hello\n');
    expect(text).toMatchObject({
      mime: 'application/octet-stream',
      extension: 'txt',
      path: expect.stringMatching(/^uploads\//),
    });
    expect((await readFile(path.join(filesRoot(), text.path))).toString()).toBe('hello\n');

    const jpeg = await makeJpeg();
    const res = await upload(user, 'upload', { data: jpeg, name: 'pic.txt', type: 'text/plain' });
    expect(res.json().data).toMatchObject({
      mime: 'image/jpeg',
      extension: 'jpg',
      size: jpeg.length,
      group: 'default',
    });
    expect((await readFile(path.join(filesRoot(), res.json().data.path))).equals(jpeg)).toBe(true);
  });

  it('does not take the avatar group (public files are re-encoded images only)', async () => {
    const user = await createUser(t);
    const res = await upload(user, 'upload', { data: 'x', name: 'a.txt' }, { group: 'avatar' });
    expect(res.statusCode).toBe(400);
  });

  it('removes the stored object and gives the quota back when the row cannot be written', async () => {
    const user = await createUser(t);
    const tmp = path.join(tmpRoot(), `manual-${randomBytes(4).toString('hex')}`);
    await writeFile(tmp, 'orphan?');
    const before = await listTree(filesRoot());
    const ctx: SignedInContext = {
      actor: { userId: user.id, email: user.email, isAdmin: false, sessionId: 0 },
      prisma: t.prisma,
      pool: t.database.pool,
      config: t.app.config,
      log: t.app.log,
      now: new Date(),
      ip: '127.0.0.1',
      userAgent: '',
      mailer: t.app.mailer,
      storage: t.app.storage,
    };
    await expect(
      // Longer than the column: the row is refused after the object is stored and the quota taken.
      createPlainFile(ctx, {
        tmpPath: tmp,
        size: 7,
        sha256: 'a'.repeat(64),
        originalName: 'x'.repeat(300),
        fields: {},
      }),
    ).rejects.toThrow();
    expect(await listTree(filesRoot())).toEqual(before);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).filesBytes).toBe(0n);
    await rm(tmp, { force: true });
  });
});

// ---- download --------------------------------------------------------------------------------------

describe('GET /api/v1/files/download/{file_id}', () => {
  it('serves an avatar to anyone, inline, cacheable, with an ETag and 304', async () => {
    const user = await createUser(t);
    const file = await uploadImage(user, {}, 'мой аватар.png');
    const res = await download(file.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="___ ______.png"; filename*=UTF-8''${encodeURIComponent('мой аватар.png')}`,
    );
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toBe(`"${file.hash}"`);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');

    const cached = await download(file.id, { 'if-none-match': `W/"zzz", "${file.hash}"` });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    expect((await download(file.id, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/files/download/${file.id}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.rawPayload.length).toBe(0);
  });

  it('serves a private file to its owner and admins only; others (and anonymous) get 404', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const admin = await createAdmin(t);
    const image = await uploadImage(owner, { group: 'default' });
    for (const id of [image.id, (await uploadPlain(owner)).id]) {
      expect((await download(id)).statusCode).toBe(404);
      expect((await download(id, other.headers)).statusCode).toBe(404);
      expect((await download(id, { 'x-session-id': 'not-a-session' })).statusCode).toBe(404);
      const mine = await download(id, owner.headers);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.headers.etag).toBeUndefined();
      expect((await download(id, { authorization: `Bearer ${admin.token}` })).statusCode).toBe(200);
    }
    expect((await download(2_000_000_000)).statusCode).toBe(404);
  });

  it('takes an expired, unknown or over-long token for no viewer: private files 404, avatars served', async () => {
    const owner = await createUser(t);
    const avatar = await uploadImage(owner);
    const plain = await uploadPlain(owner);
    await t.prisma.session.updateMany({
      where: { userId: owner.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    for (const headers of [owner.headers, { authorization: `Bearer ${'x'.repeat(600)}` }]) {
      expect((await download(plain.id, headers)).statusCode).toBe(404);
      expect((await download(avatar.id, headers)).statusCode).toBe(200);
    }
    // An <img src> may carry a cache-busting query.
    const busted = await t.app.inject({ url: `/api/v1/files/download/${avatar.id}?v=2&v=3` });
    expect(busted.statusCode).toBe(200);
  });

  it('an image in use as an avatar is public even outside the avatar group', async () => {
    const owner = await createUser(t);
    const image = await uploadImage(owner, { group: 'default' });
    expect((await download(image.id)).statusCode).toBe(404);
    await t.prisma.user.update({ where: { id: owner.id }, data: { avatarFileId: image.id } });
    expect((await download(image.id)).statusCode).toBe(200);
  });

  it('sends anything not re-encoded as an attachment, and never as HTML or SVG', async () => {
    const user = await createUser(t);
    const html = await uploadPlain(user, 'page.html', '<html><script>alert(1)</script></html>');
    const res = await download(html.id, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="page.html"; filename*=UTF-8''page.html`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<script>');

    // Even a JPEG stored as-is (not re-encoded) is only an attachment.
    const jpegRes = await upload(user, 'upload', {
      data: await makeJpeg(),
      name: 'raw.jpg',
      type: 'image/jpeg',
    });
    const jpeg = await download(jpegRes.json().data.id, user.headers);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['content-disposition']).toMatch(/^attachment; /);

    // A row claiming an active type is still sent as octet-stream.
    await t.prisma.file.update({ where: { id: html.id }, data: { mime: 'image/svg+xml' } });
    expect((await download(html.id, user.headers)).headers['content-type']).toBe('application/octet-stream');
  });

  it('answers 400 to bad ids', async () => {
    for (const id of ['abc', '-1', '1.5', '2147483648', '0']) {
      expect((await t.app.inject({ url: `/api/v1/files/download/${id}` })).statusCode, id).toBe(400);
    }
  });
});

// ---- list, get, update, delete ------------------------------------------------------------------------

describe('GET /api/v1/files', () => {
  it('lists only own files; admins see all and filter by user_ids', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const admin = await createAdmin(t);
    const a1 = await uploadPlain(a, 'alpha report.txt', 'aaaaaa');
    const a2 = await uploadPlain(a, 'beta.txt', 'a');
    const b1 = await uploadPlain(b, 'gamma.txt', 'bbb');

    const mine = await t.app.inject({ url: '/api/v1/files', headers: a.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ success: true, meta: { page: 1, perPage: 20, total: 2, pages: 1 } });
    expect(mine.json().data.map((f: { id: number }) => f.id)).toEqual([a2.id, a1.id]);

    // A non-admin's user_ids only narrows their own list.
    const peek = await t.app.inject({ url: `/api/v1/files?user_ids[]=${b.id}`, headers: a.headers });
    expect(peek.json().data).toEqual([]);

    for (const query of [`user_ids[]=${a.id}&user_ids[]=${b.id}`, `user_ids=${a.id},${b.id}`]) {
      const res = await t.app.inject({
        url: `/api/v1/files?${query}&sort_by=id&order=asc`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((f: { id: number }) => f.id)).toEqual([a1.id, a2.id, b1.id]);
    }
    const all = await t.app.inject({ url: '/api/v1/files?perPage=100', headers: admin.headers });
    expect(all.json().data.map((f: { id: number }) => f.id)).toEqual(
      expect.arrayContaining([a1.id, a2.id, b1.id]),
    );
    const onlyB = await t.app.inject({ url: `/api/v1/files?user_ids[]=${b.id}`, headers: admin.headers });
    expect(onlyB.json().data.map((f: { id: number }) => f.id)).toEqual([b1.id]);
  });

  it('searches original_name, sorts and paginates', async () => {
    const user = await createUser(t);
    await uploadPlain(user, 'Отчёт за май.txt', '123');
    await uploadPlain(user, 'отчёт за июнь.txt', '1');
    await uploadPlain(user, 'other.txt', '12345');
    const search = await t.app.inject({
      url: `/api/v1/files?name=${encodeURIComponent('ОТЧЁТ')}`,
      headers: user.headers,
    });
    expect(
      search
        .json()
        .data.map((f: { original_name: string }) => f.original_name)
        .sort(),
    ).toEqual(['Отчёт за май.txt', 'отчёт за июнь.txt']);
    const bySize = await t.app.inject({ url: '/api/v1/files?sort_by=size&order=asc', headers: user.headers });
    expect(bySize.json().data.map((f: { size: number }) => f.size)).toEqual([1, 3, 5]);
    const page = await t.app.inject({
      url: '/api/v1/files?sort_by=name&order=asc&page=2&perPage=2',
      headers: user.headers,
    });
    expect(page.json().meta).toEqual({ page: 2, perPage: 2, total: 3, pages: 2 });
    expect(page.json().data.map((f: { original_name: string }) => f.original_name)).toHaveLength(1);
  });

  it('answers 401 without a session and 400 to bad queries', async () => {
    expect((await t.app.inject({ url: '/api/v1/files' })).statusCode).toBe(401);
    const user = await createUser(t);
    for (const query of [
      'page=0',
      'page=-1',
      'perPage=101',
      'page=abc',
      'sort_by=path',
      'order=up',
      'user_ids[]=abc',
      'user_ids=1,x',
      'user_ids[]=2147483648',
      'unknown=1',
      `name=${'x'.repeat(10_000)}`,
      'name=%00',
    ]) {
      const res = await t.app.inject({ url: `/api/v1/files?${query}`, headers: user.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/[а-яё]/i);
    }
  });
});

describe('GET, PUT, DELETE /api/v1/files/{id}', () => {
  it('gets own files; another user gets 404, an admin gets any', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const admin = await createAdmin(t);
    const file = await uploadPlain(owner);
    const url = `/api/v1/files/${file.id}`;
    const mine = await t.app.inject({ url, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id: file.id, user_id: owner.id });
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    for (const id of ['abc', '-1', '1.5', '2147483648']) {
      expect(
        (await t.app.inject({ url: `/api/v1/files/${id}`, headers: owner.headers })).statusCode,
        id,
      ).toBe(400);
    }
  });

  it('updates the display name, alt, description and sort, never the storage name or path', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const file = await uploadPlain(owner);
    const url = `/api/v1/files/${file.id}`;
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { name: '  Новое имя.txt ', alt: 'Подпись', description: 'Описание', sort: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      original_name: 'Новое имя.txt',
      alt: 'Подпись',
      description: 'Описание',
      sort: 5,
      path: file.path,
    });
    const cleared = await t.app.inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { alt: null, description: '' },
    });
    expect(cleared.json().data).toMatchObject({ alt: null, description: null });

    expect(
      (await t.app.inject({ method: 'PUT', url, headers: other.headers, payload: { sort: 1 } })).statusCode,
    ).toBe(404);
    for (const payload of [
      { path: 'x' },
      { name: '' },
      { name: '   ' },
      { name: '\u202e\u0000 ' },
      { name: 'x'.repeat(10_000) },
      { description: 'x'.repeat(1001) },
      { sort: 1.5 },
      { sort: '1' },
      { sort: 2147483648 },
      { group: 'avatar' },
    ]) {
      const bad = await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload });
      expect(bad.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    const row = await t.prisma.file.findUniqueOrThrow({ where: { id: file.id } });
    expect(row.originalName).toBe('Новое имя.txt');
    expect(row.group).toBe('default');
  });

  it('deletes the row and the bytes, clearing avatars; another user gets 404', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const admin = await createAdmin(t);
    const avatar = await uploadImage(owner);
    await t.prisma.user.update({ where: { id: owner.id }, data: { avatarFileId: avatar.id } });
    const organization = await createOrganization(t, owner);
    const orgAvatar = await uploadImage(owner);
    await t.prisma.organization.update({
      where: { id: organization.id },
      data: { avatarFileId: orgAvatar.id },
    });

    const url = `/api/v1/files/${avatar.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Файл удалён', data: null });
    expect(await t.prisma.file.findUnique({ where: { id: avatar.id } })).toBeNull();
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).avatarFileId).toBeNull();
    await expect(readFile(path.join(filesRoot(), avatar.path))).rejects.toThrow();
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(404);
    expect((await download(avatar.id)).statusCode).toBe(404);

    // Admins may delete anyone's file.
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${orgAvatar.id}`,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(
      (await t.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } })).avatarFileId,
    ).toBeNull();
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/files/abc', headers: owner.headers })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
  });
});

// ---- helpers for other areas -----------------------------------------------------------------------

describe('files service helpers', () => {
  it('assertOwnImage accepts only the caller’s own re-encoded image', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const image = await uploadImage(owner);
    const plain = await uploadPlain(owner);
    await expect(assertOwnImage(t.prisma, owner.id, image.id)).resolves.toMatchObject({ id: image.id });
    await expect(assertOwnImage(t.prisma, other.id, image.id)).rejects.toMatchObject({ statusCode: 400 });
    await expect(assertOwnImage(t.prisma, owner.id, plain.id)).rejects.toMatchObject({ statusCode: 400 });
    await expect(assertOwnImage(t.prisma, owner.id, 2_000_000_000)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('deleteUserFiles removes a user’s rows and stored objects, and nobody else’s', async () => {
    const user = await createUser(t);
    const keep = await createUser(t);
    const files = [await uploadImage(user), await uploadPlain(user)];
    const kept = await uploadPlain(keep);
    expect(await deleteUserFiles(t.prisma, t.app.storage, user.id)).toBe(2);
    expect(await t.prisma.file.count({ where: { userId: user.id } })).toBe(0);
    for (const file of files) await expect(readFile(path.join(filesRoot(), file.path))).rejects.toThrow();
    expect(await readFile(path.join(filesRoot(), kept.path))).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('lists every files call', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/files',
        '/api/v1/files/upload',
        '/api/v1/files/upload-image',
        '/api/v1/files/{id}',
        '/api/v1/files/download/{file_id}',
      ]),
    );
  });
});

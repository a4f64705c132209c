import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import web from './web';

// The cabinet's build as the API serves it: a throwaway dist laid out like apps/web/dist, with the
// .br and .gz copies the build writes beside each asset.
const SCRIPT = `console.log(${JSON.stringify('кабинет '.repeat(200))});`;

describe('the served cabinet', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cabinet-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Личный кабинет</title>');
    const asset = path.join(dist, 'assets', 'index-abc123.js');
    fs.writeFileSync(asset, SCRIPT);
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(SCRIPT));
    app = Fastify();
    await app.register(web, { webDist: dist });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy of an asset to a browser that accepts it, immutable', async () => {
    const res = await app.inject({
      url: '/app/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await app.inject({
      url: '/app/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({
      url: '/app/assets/index-abc123.js',
      headers: { 'accept-encoding': '' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a client route with index.html that is always revalidated, and a missing asset with 404', async () => {
    const page = await app.inject({ url: '/app/dashboard/organizations/7/collaborators' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Личный кабинет');
    expect(page.headers['cache-control']).toBe('no-cache');

    expect((await app.inject({ url: '/app/assets/missing-000.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/' })).headers.location).toBe('/app/');
  });
});

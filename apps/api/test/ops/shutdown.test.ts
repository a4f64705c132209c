import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../database';
import { uniqueEmail } from '../factories';
import { SmtpPeer } from '../smtp-peer';
import { type ApiProcess, connectionsTo, startApiProcess } from './api-process';

// SIGTERM as a deploy or `docker stop` sends it, to a real API process on real PostgreSQL (decision 0062).
//
// The slow request is an honest one: a file upload whose body the client sends slowly, as a phone on a bad
// network does, to the real POST /api/v1/files/upload. No debug route exists for this.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SmtpPeer;
let smtpUrl: string;
const dataDir = () => `/tmp/cabinet-ops-${process.pid}-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  db = await createTestDatabase('cabinet_ops');
  smtp = new SmtpPeer();
  smtpUrl = await smtp.start();
});

afterAll(async () => {
  await smtp?.stop();
  await db?.drop();
});

const start = (env: Record<string, string> = {}) =>
  startApiProcess({ DATABASE_URL: db.url, SMTP_URL: smtpUrl, DATA_DIR: dataDir(), ...env });

async function signIn(api: ApiProcess): Promise<string> {
  const email = uniqueEmail();
  const login = (body: object) =>
    fetch(`${api.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const before = smtp.mailsTo(email).length;
  expect((await login({ email })).status).toBe(200);
  const res = await login({ email, code: await smtp.nextCode(email, before) });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** A raw HTTP/1.1 connection whose request the test writes piece by piece. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => {
    received += d.toString('latin1');
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return {
    socket,
    connected: new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject)),
    closed,
    write: (data: string | Buffer) => new Promise<void>((resolve) => socket.write(data, () => resolve())),
    response: async () => {
      await closed;
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), text: received };
    },
  };
}

/** Resolves with the error code of a fresh connection attempt ('connected' when it was accepted). */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('graceful shutdown', () => {
  it('SIGTERM during a slow upload: the upload completes, new connections are refused, exit 0, no connection left', async () => {
    const api = await start();
    const token = await signIn(api);

    const boundary = `----cabinet${randomBytes(8).toString('hex')}`;
    const content = randomBytes(512 * 1024);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, content, tail]);
    const conn = rawConnection(api.port);
    await conn.connected;
    await conn.write(
      `POST /api/v1/files/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // The first half arrives, then the client stalls while the process is told to stop.
    const half = Math.floor(body.length / 2);
    await conn.write(body.subarray(0, half));
    await sleep(300);
    api.child.kill('SIGTERM');
    await api.waitForLog(/SIGTERM: finishing requests in flight/);

    // The listener is closed: a new connection is refused while the upload is still in flight.
    let attempt = await tryConnect(api.port);
    for (let i = 0; i < 20 && attempt === 'connected'; i++) {
      await sleep(100);
      attempt = await tryConnect(api.port);
    }
    // Refused, or reset when the attempt raced the listener's close in the kernel's backlog.
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(attempt);

    // The rest of the body trickles in over a second; the upload still succeeds.
    const rest = body.subarray(half);
    const step = Math.ceil(rest.length / 5);
    for (let i = 0; i < rest.length; i += step) {
      await conn.write(rest.subarray(i, i + step));
      await sleep(200);
    }
    const { status, text } = await conn.response();
    expect(status, text).toBe(200);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    const answered = Date.now();
    const fileId = (JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { data: { id: number } }).data.id;

    expect((await api.exited).code).toBe(0);
    // It did not wait for the drain deadline once nothing was in flight.
    expect(Date.now() - answered).toBeLessThan(3_000);
    expect(api.logs.some((l) => l.includes('"msg":"Stopped"'))).toBe(true);
    expect(await connectionsTo(db.url)).toBe(0);

    // The upload was recorded before the process went away.
    const check = new pg.Client({ connectionString: db.url });
    await check.connect();
    const { rows } = await check.query('SELECT size FROM files WHERE id = $1', [fileId]);
    await check.end();
    expect(rows).toEqual([{ size: content.length }]);
  }, 40_000);

  it('a client stuck in the middle of its headers does not hold the stop past 10 s', async () => {
    const api = await start();
    const conn = rawConnection(api.port);
    await conn.connected;
    await conn.write('POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: applic');
    await sleep(200);
    const started = Date.now();
    api.child.kill('SIGTERM');
    expect((await api.exited).code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    await conn.closed;
    expect(await connectionsTo(db.url)).toBe(0);
  }, 40_000);

  it('idle keep-alive connections do not delay the stop', async () => {
    const api = await start();
    const conn = rawConnection(api.port);
    await conn.connected;
    await conn.write('GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await sleep(300);
    const started = Date.now();
    api.child.kill('SIGTERM');
    expect((await api.exited).code).toBe(0);
    expect(Date.now() - started).toBeLessThan(3_000);
    await conn.closed;
  }, 40_000);

  // Two cold starts of the embedded database (PGlite initdb, every migration, pg-boss's schema on its one
  // connection): a minute each on a loaded 2-core machine, so the budget is not a timing claim.
  it('the embedded database is closed cleanly: the next start opens the same data', async () => {
    const dir = dataDir();
    const first = await startApiProcess({ DATA_DIR: dir }, 110_000);
    const token = await signInByLog(first);
    expect(await first.stop()).toBe(0);

    const second = await startApiProcess({ DATA_DIR: dir }, 110_000);
    const me = await fetch(`${second.url}/api/v1/rest/profile/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(await second.stop()).toBe(0);
  }, 240_000);
});

/** Sign-in on a process without SMTP: the code is read from its log. */
async function signInByLog(api: ApiProcess): Promise<string> {
  const email = uniqueEmail();
  const login = (body: object) =>
    fetch(`${api.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await login({ email })).status).toBe(200);
  // The only sign-in on this process: its code is in the box printed to standard output.
  const line = await api.waitForLog(/Код для входа: \d{6}/);
  const code = /\b(\d{6})\b/.exec(line)?.[1] ?? '';
  const res = await login({ email, code });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createOrganization, createUser } from '../../test/factories';
import { TOO_DEEP } from './json-bodies';

// Issue 27 item 4 (decision 0192): bodies. An anonymous call's JSON is never read past 16 KB (413), other
// calls have the limit they need, nesting past 64 levels is 400 before JSON.parse and before the rest of the
// body is read, and the sign-in's per-address limit counts a request before its body.

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { loginSend: 2, loginVerify: 3 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

let address = 0;
/** Each test signs in from an address of its own, so the sign-in limits of one do not touch another. */
const nextAddress = () => `198.51.100.${++address}`;

const login = (payload: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    payload,
    remoteAddress,
  });

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

/** A request over a real socket: the test writes the body in pieces and may never finish it. */
function openRequest(path: string, headers: Record<string, string>) {
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers });
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
  return { request, response };
}

describe('anonymous calls: 16 KB', () => {
  it('a login body over 16 KB is 413, one of 16 KB is read and validated', async () => {
    const big = JSON.stringify({ email: 'a@example.com', loginKey: 'x'.repeat(17 * 1024) });
    const refused = await login(big, nextAddress());
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ success: false, message: 'Слишком большой запрос' });
    const fits = JSON.stringify({ email: 'a@example.com', loginKey: 'x'.repeat(16 * 1024 - 40) });
    expect(fits.length).toBeLessThanOrEqual(16 * 1024);
    const read = await login(fits, nextAddress());
    expect(read.statusCode).toBe(400);
    expect(read.json().code).toBe('VALIDATION');
  });

  it('a chunked body without Content-Length is cut at 16 KB, before its end', async () => {
    const { request, response } = openRequest('/api/v1/auth/login', {
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    request.write(`{"email":"a@example.com","loginKey":"${'x'.repeat(20 * 1024)}`);
    // The body is never finished: the answer comes as soon as the limit is crossed.
    const refused = await response;
    request.destroy();
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
  });
});

describe('other calls: the limit each needs', () => {
  it('a signed-in call takes 16 KB by default; finish-adding takes 100 key blobs of 10,000 characters', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const big = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/organizations/${org.id}`,
      headers: owner.headers,
      payload: { name: 'x'.repeat(17 * 1024), type: 2 },
    });
    expect(big.statusCode).toBe(413);
    const ids = Array.from({ length: 100 }, (_, i) => 2_000_000_000 - i);
    const keys = Object.fromEntries(ids.map((id) => [String(id), 'k'.repeat(10_000)]));
    const largest = await t.app.inject({
      method: 'POST',
      url: `/api/v1/desktop/organizations/${org.id}/collaborators/finish-adding`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { accountIds: ids, keys },
    });
    // Read and validated: the ids are unknown, so 404, not 413.
    expect(largest.statusCode, largest.body.slice(0, 200)).toBe(404);
  });

  it("YooMoney's callback keeps a limit of its own (8 KB)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscribe/buy',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `label=${'x'.repeat(9 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('nesting', () => {
  it('more than 64 levels is 400 before JSON.parse; 64 levels and brackets inside strings are parsed', async () => {
    // Valid nesting followed by text that is not JSON: JSON.parse would call it broken JSON. The depth
    // check answers first, so the body never reached JSON.parse.
    const deep = await login(`${'['.repeat(65)} this is not JSON`, nextAddress());
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ success: false, message: TOO_DEEP, data: null, code: 'VALIDATION' });
    const objects = await login(`${'{"a":'.repeat(65)}1${'}'.repeat(65)}`, nextAddress());
    expect(objects.json().message).toBe(TOO_DEEP);

    const fine = await login(nested(64), nextAddress());
    expect(fine.statusCode).toBe(400);
    expect(fine.json().message).not.toBe(TOO_DEEP);
    const inString = await login(
      JSON.stringify({ email: `${'['.repeat(100)}@example.com`, x: '\\"[[[' }),
      nextAddress(),
    );
    expect(inString.json().message).not.toBe(TOO_DEEP);
    const broken = await login('{"email": ', nextAddress());
    expect(broken.json().message).toBe('Некорректный JSON в теле запроса');
  });

  it('stops reading at the first chunk that passes 64 levels: the answer comes before the body ends', async () => {
    const owner = await createUser(t);
    // finish-adding takes 1 MB: the client announces 900 KB, sends the first 1 KB and waits.
    const { request, response } = openRequest('/api/v1/desktop/organizations/1/collaborators/finish-adding', {
      'content-type': 'application/json',
      'content-length': String(900 * 1024),
      authorization: `Bearer ${owner.token}`,
    });
    request.write('['.repeat(1024));
    const answer = await response;
    request.destroy();
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toBe(TOO_DEEP);
    expect(answer.headers.connection).toBe('close');
  });
});

describe("the sign-in's per-address limit", () => {
  it('counts every request before its body is read: bad, huge and too deep bodies included', async () => {
    const from = nextAddress();
    // loginSend 2 + loginVerify 3: ten requests a minute from one address (twice their sum), whatever
    // they carry; none of these reached the steps' own budgets, which need a body that was read.
    const bad = [];
    for (let i = 0; i < 2; i++) {
      bad.push(
        await login('{"email": ', from),
        await login(nested(100), from),
        await login(JSON.stringify({ email: 'x'.repeat(20 * 1024) }), from),
        await login('', from),
        await login('not json at all', from),
      );
    }
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 413, 400, 400, 400, 400, 413, 400, 400]);
    const limited = await login(JSON.stringify({ email: 'someone@example.com' }), from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Слишком много запросов, попробуйте через \d+ с$/);
    // Another address is not touched.
    expect((await login(JSON.stringify({ email: 'someone@example.com' }), nextAddress())).statusCode).toBe(
      200,
    );
  });
});

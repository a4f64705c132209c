import { createServer } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';

// An unchanged standard client drives the device grant against the running server (issue 29): openid-client
// 6 configures itself from /.well-known/oauth-authorization-server, asks for a device code, and polls
// until the person approves on /app/device's call.

let t: TestApp;
let base: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ env: { PUBLIC_URL: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

describe('openid-client 6', () => {
  it('discovers the server, gets a device code, and receives the token once the person approves', async () => {
    const config = await client.discovery(new URL(base), 'desktop', undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
    expect(config.serverMetadata().device_authorization_endpoint).toBe(`${base}/api/v1/oauth/device/code`);

    const started = await client.initiateDeviceAuthorization(config, { scope: 'read write' });
    expect(started.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(started.verification_uri).toBe(`${base}/app/device`);

    const user = await createUser(t);
    const approved = await fetch(`${base}/api/v1/oauth/device/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': user.token },
      body: JSON.stringify({ user_code: started.user_code, approve: true }),
    });
    expect(approved.status).toBe(200);

    const tokens = await client.pollDeviceAuthorizationGrant(config, started);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope).toBe('read write');
    expect(tokens.expires_in).toBe(2592000);

    const me = await client.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(`${base}/api/v1/rest/profile/me`),
      'GET',
    );
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(user.email);
  }, 30_000);

  it('surfaces access_denied to the client after a denial', async () => {
    const config = await client.discovery(new URL(base), 'desktop', undefined, client.None(), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
    const started = await client.initiateDeviceAuthorization(config, { scope: 'read' });
    const user = await createUser(t);
    await fetch(`${base}/api/v1/oauth/device/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': user.token },
      body: JSON.stringify({ user_code: started.user_code, approve: false }),
    });
    await expect(client.pollDeviceAuthorizationGrant(config, started)).rejects.toMatchObject({
      error: 'access_denied',
    });
  }, 30_000);
});

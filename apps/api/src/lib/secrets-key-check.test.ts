import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { sealSecret } from './secret-box';
import { secretsKeyProblem } from './secrets-key-check';

// Decision 0253: sealed secrets exist, so the server refuses to start without the key that opens them.

const KEY = 'the-key-the-secrets-were-sealed-with-000';
const apiDir = fileURLToPath(new URL('../..', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** Starts src/server.ts on the test database and waits for it to stop; kills it once it listens. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      DATABASE_URL: t.databaseUrl,
      PORT: '0',
      DATA_DIR: `/tmp/cabinet-test-data/${process.pid}-start`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (d: Buffer) => {
    output += d;
    if (/Server listening|listening at/i.test(output)) child.kill('SIGTERM');
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, output })),
  );
}

describe('SECRETS_KEY at start (decision 0253)', () => {
  it('without sealed secrets any key, or none, will do', async () => {
    expect(await secretsKeyProblem(t.prisma, undefined)).toBeNull();
  });

  it('with a webhook endpoint, no key or another key stops the server with one line; the right key starts it', async () => {
    const owner = await t.prisma.user.create({
      data: { email: 'keys@example.com', vaultKey: Buffer.alloc(32) },
    });
    const org = await t.prisma.organization.create({ data: { name: 'Ключи', typeId: 1, ownerId: owner.id } });
    await t.prisma.webhookEndpoint.create({
      data: {
        organizationId: org.id,
        url: 'https://example.com/hook',
        eventTypes: ['organization.updated'],
        secret: sealSecret(KEY, 'whsec_c2VjcmV0'),
      },
    });
    expect(await secretsKeyProblem(t.prisma, undefined)).toMatch(
      /^SECRETS_KEY is not set, but webhook endpoints/,
    );
    expect(await secretsKeyProblem(t.prisma, `${KEY}-other`)).toMatch(/^SECRETS_KEY does not open/);
    expect(await secretsKeyProblem(t.prisma, KEY)).toBeNull();

    const none = await startServer({});
    expect(none.code).toBe(1);
    expect(none.output).toContain('Invalid configuration:\n  SECRETS_KEY is not set');
    expect(none.output).not.toMatch(/\n\s+at /);
    const other = await startServer({ SECRETS_KEY: `${KEY}-other` });
    expect([other.code, other.output.includes('SECRETS_KEY does not open')]).toEqual([1, true]);
    const right = await startServer({ SECRETS_KEY: KEY });
    expect(right.output).not.toContain('SECRETS_KEY');
    expect(right.code).toBe(0);
  });
});

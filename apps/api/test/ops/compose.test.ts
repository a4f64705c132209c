import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EnvSchema } from '../../src/env';

// docker-compose.yml cannot be started here (no Docker engine), so it is checked as far as a file can be:
// Compose itself validates it (docker-compose v1's `config` needs no daemon), and every variable it gives
// the API is one the API reads, and the other way round. GitHub CI also builds the image and starts it.

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const composeFile = `${root}docker-compose.yml`;
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
if (!hasCompose) {
  process.stdout.write(
    'compose.test.ts: SKIPPED, no docker-compose binary (apt-get install -y --no-install-recommends docker-compose; .ci/run does)\n',
  );
}

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: unknown };
  volumes?: string[];
  /** Long form after `config`: {published, target}. */
  ports?: unknown[];
}

/**
 * The file as Compose resolves it (defaults of ${NAME:-default} filled in), from a bare environment, or
 * with `dotEnv` as the .env file beside it.
 */
function resolved(dotEnv?: Record<string, string>): {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
} {
  const args = ['-f', composeFile];
  if (dotEnv) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'compose-env-')), '.env');
    fs.writeFileSync(
      file,
      Object.entries(dotEnv)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    args.push('--env-file', file);
  }
  const out = execFileSync('docker-compose', [...args, 'config'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    encoding: 'utf8',
  });
  return parse(out);
}

interface Published {
  hostIp: string | null;
  published: number;
  target: number;
}

/** A published port in any of the shapes `config` prints: "127.0.0.1:8025:8025/tcp" or {published, target…}. */
function published(port: unknown): Published {
  if (typeof port === 'string') {
    const m = /^(?:(.+):)?(\d+):(\d+)(?:\/\w+)?$/.exec(port);
    if (!m) throw new Error(`unexpected port ${port}`);
    return { hostIp: m[1] ?? null, published: Number(m[2]), target: Number(m[3]) };
  }
  const p = port as { host_ip?: string; published: number | string; target: number | string };
  return { hostIp: p.host_ip ?? null, published: Number(p.published), target: Number(p.target) };
}

describe.skipIf(!hasCompose)('docker-compose.yml', () => {
  it('is valid for Compose (docker-compose config -q)', () => {
    const check = spawnSync('docker-compose', ['-f', composeFile, 'config', '-q'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('gives the API exactly the variables it reads (EnvSchema in apps/api/src/env.ts)', () => {
    const api = resolved().services.api;
    const set = Object.keys(api?.environment ?? {}).sort();
    const read = Object.keys(EnvSchema.shape).sort();
    expect(
      set.filter((name) => !read.includes(name)),
      'set in compose but never read by the API',
    ).toEqual([]);
    expect(
      read.filter((name) => !set.includes(name)),
      'read by the API but not wired in compose',
    ).toEqual([]);
    // And the values are ones the API accepts, once the operator has chosen how payments run (live by
    // default, which needs YooMoney's two values; decision 0194).
    const values = Object.fromEntries(
      Object.entries(api?.environment ?? {}).map(([k, v]) => [k, String(v ?? '')]),
    );
    const parsed = EnvSchema.safeParse({
      ...values,
      YOOMONEY_RECEIVER: '4100111111111111',
      YOOMONEY_SECRET: 's',
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({
      PUBLIC_URL: 'http://localhost:3000',
      S3_FORCE_PATH_STYLE: true,
      REDIS_URL: 'redis://redis:6379',
    });
  });

  it('starts in order: the API waits for healthy PostgreSQL, Mailpit, Redis and the created bucket', () => {
    const { services, volumes } = resolved();
    expect(Object.keys(services).sort()).toEqual([
      'api',
      'createbuckets',
      'mailpit',
      'minio',
      'postgres',
      'redis',
    ]);
    expect(services.api?.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      mailpit: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      createbuckets: { condition: 'service_completed_successfully' },
    });
    expect(services.createbuckets?.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    for (const name of ['postgres', 'mailpit', 'minio', 'redis', 'api']) {
      expect(services[name]?.healthcheck?.test, `${name} has a healthcheck`).toBeTruthy();
    }
    expect(services.api?.build).toBeTruthy();
    expect(services.api?.ports?.map(published)).toEqual([{ hostIp: null, published: 3000, target: 3000 }]);
    expect(services.mailpit?.ports?.map(published)).toEqual([
      { hostIp: '127.0.0.1', published: 8025, target: 8025 },
    ]);
    expect(services.postgres?.volumes).toContainEqual(
      expect.stringMatching(/^pgdata:\/var\/lib\/postgresql\/data/),
    );
    expect(Object.keys(volumes)).toEqual(expect.arrayContaining(['pgdata', 'miniodata', 'apidata']));
  });

  it('wires the services to each other consistently', () => {
    const { services } = resolved();
    const api = services.api?.environment ?? {};
    const pg = services.postgres?.environment ?? {};
    const minio = services.minio?.environment ?? {};
    const database = new URL(String(api.DATABASE_URL));
    expect([database.hostname, database.username, database.password, database.pathname]).toEqual([
      'postgres',
      pg.POSTGRES_USER,
      pg.POSTGRES_PASSWORD,
      `/${pg.POSTGRES_DB}`,
    ]);
    expect([api.S3_ACCESS_KEY, api.S3_SECRET_KEY]).toEqual([
      minio.MINIO_ROOT_USER,
      minio.MINIO_ROOT_PASSWORD,
    ]);
    expect(services.createbuckets?.environment?.S3_BUCKET).toBe(api.S3_BUCKET);
    expect(new URL(String(api.S3_ENDPOINT)).hostname).toBe('minio');
    expect(new URL(String(api.SMTP_URL)).host).toBe('mailpit:1025');
    expect(new URL(String(api.REDIS_URL)).hostname).toBe('redis');
  });

  it('publishes only the cabinet beyond this machine: every other port binds 127.0.0.1', () => {
    const { services } = resolved();
    const ports = Object.entries(services).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => ({ name, ...published(port) })),
    );
    // Mailpit's inbox shows every sign-in code; MinIO's console is the bucket's admin.
    expect(ports.filter((p) => p.name !== 'api' && p.hostIp !== '127.0.0.1')).toEqual([]);
    expect(ports.map((p) => `${p.name}:${p.published}`).sort()).toEqual([
      'api:3000',
      'mailpit:8025',
      'minio:9001',
    ]);
  });

  it('takes SMTP_URL, PAYMENTS_MODE, TRUST_PROXY, ADMIN_EMAILS and LOGIN_CODE_SECRET from .env', () => {
    const defaults = resolved().services.api?.environment ?? {};
    expect(defaults).toMatchObject({
      SMTP_URL: 'smtp://mailpit:1025',
      // Live unless written (decision 0194).
      PAYMENTS_MODE: 'live',
      TRUST_PROXY: '',
      ADMIN_EMAILS: '',
      LOGIN_CODE_SECRET: '',
    });

    const dotEnv = {
      SMTP_URL: 'smtps://no-reply%40example.com:pw@smtp.example.com:465',
      PAYMENTS_MODE: 'live',
      TRUST_PROXY: '10.0.0.0/8,172.16.0.0/12',
      ADMIN_EMAILS: 'boss@example.com,deputy@example.com',
      LOGIN_CODE_SECRET: 'x'.repeat(48),
      YOOMONEY_RECEIVER: '4100111111111111',
      YOOMONEY_SECRET: 'yoomoney-secret',
    };
    const api = resolved(dotEnv).services.api?.environment ?? {};
    expect(api).toMatchObject(dotEnv);
    const values = Object.fromEntries(Object.entries(api).map(([k, v]) => [k, String(v ?? '')]));
    const parsed = EnvSchema.safeParse(values);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({
      TRUST_PROXY: ['10.0.0.0/8', '172.16.0.0/12'],
      ADMIN_EMAILS: ['boss@example.com', 'deputy@example.com'],
      PAYMENTS_MODE: 'live',
    });
  });

  // Issue 27 item 9 (decision 0194).
  it('never runs test payments unless the operator writes PAYMENTS_MODE=test', () => {
    const values = (dotEnv?: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(resolved(dotEnv).services.api?.environment ?? {}).map(([k, v]) => [
          k,
          String(v ?? ''),
        ]),
      );
    // Nothing written: live, and without YooMoney the API refuses to start, naming what is missing.
    const bare = EnvSchema.safeParse(values());
    expect(bare.success).toBe(false);
    expect(bare.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'YOOMONEY_RECEIVER',
      'YOOMONEY_SECRET',
    ]);
    // Written: test mode.
    const test = EnvSchema.safeParse(values({ PAYMENTS_MODE: 'test' }));
    expect(test.error?.issues ?? []).toEqual([]);
    expect(test.data?.PAYMENTS_MODE).toBe('test');
  });
});

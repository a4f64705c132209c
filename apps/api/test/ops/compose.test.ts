import { execFileSync, spawnSync } from 'node:child_process';
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

/** The file as Compose resolves it (defaults of ${NAME:-default} filled in), from a bare environment. */
function resolved(): { services: Record<string, Service>; volumes: Record<string, unknown> } {
  const out = execFileSync('docker-compose', ['-f', composeFile, 'config'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
    encoding: 'utf8',
  });
  return parse(out);
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
    // And the values are ones the API accepts.
    const values = Object.fromEntries(
      Object.entries(api?.environment ?? {}).map(([k, v]) => [k, String(v ?? '')]),
    );
    const parsed = EnvSchema.safeParse(values);
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
    expect(services.api?.ports).toContainEqual({ published: 3000, target: 3000 });
    expect(services.mailpit?.ports).toContainEqual({ published: 8025, target: 8025 });
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
});

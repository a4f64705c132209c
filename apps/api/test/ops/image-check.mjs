// The Dockerfile's steps outside Docker (no engine runs here; GitHub CI builds the real image): build,
// `pnpm deploy --prod`, lay the runtime stage's files out as /app is laid out in the image, check that no
// development tool came along, run the migration Job's command (deploy/kubernetes/migrate-job.yaml), start
// the bundle from there on PostgreSQL and Redis, run the image's own HEALTHCHECK command (read from the
// Dockerfile), fetch the cabinet, and stop it with SIGTERM.
// Run from the repository root: node apps/api/test/ops/image-check.mjs  (after pnpm install; .ci/run does)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const work = mkdtempSync(path.join(os.tmpdir(), 'cabinet-image-'));
const app = path.join(work, 'app');
const dbName = `cabinet_image_${randomBytes(4).toString('hex')}`;
const step = (msg) => console.log(`image-check: ${msg}`);
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });

// pg from the API's own dependencies, to create and drop a database of its own.
const { default: pg } = await import(path.join(root, 'apps/api/node_modules/pg/lib/index.js'));
// yaml from the API's development dependencies, to read the migration Job's manifest.
const { parse: parseYaml } = await import(path.join(root, 'apps/api/node_modules/yaml/dist/index.js'));
async function sql(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

let server;
let failed = false;
try {
  step('build stage: pnpm build, pnpm --filter @cabinet/api deploy --prod');
  run('pnpm', ['build']);
  run('pnpm', ['--filter', '@cabinet/api', 'deploy', '--prod', path.join(work, 'deploy')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const file of ['apps/api/dist/server.js', 'apps/api/dist/migrate.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} was not built`);
  }

  step('runtime stage: /app laid out as in the image');
  const copies = [
    ['deploy/package.json', 'apps/api/package.json'],
    ['deploy/node_modules', 'apps/api/node_modules'],
  ];
  for (const [from, to] of copies)
    cpSync(path.join(work, from), path.join(app, to), { recursive: true, verbatimSymlinks: true });
  for (const dir of ['apps/api/dist', 'prisma/migrations', 'apps/web/dist']) {
    mkdirSync(path.dirname(path.join(app, dir)), { recursive: true });
    cpSync(path.join(root, dir), path.join(app, dir), { recursive: true });
  }
  const devTools = [
    'vitest',
    'typescript',
    'tsx',
    'esbuild',
    's3rver',
    'prisma',
    'yaml',
    'smtp-server',
    'mailparser',
  ];
  const leaked = devTools.filter((name) => existsSync(path.join(app, 'apps/api/node_modules', name)));
  if (leaked.length) throw new Error(`development dependencies in the image: ${leaked.join(', ')}`);

  step('start: node apps/api/dist/server.js from /app, as the image CMD does');
  await sql(`CREATE DATABASE "${dbName}"`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${dbName}`;
  const port = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `image-check-${process.pid}:`,
    LOG_LEVEL: 'warn',
  };
  // The Kubernetes migration Job's command, exactly as its manifest gives it, before the server starts.
  const job = parseYaml(readFileSync(path.join(root, 'deploy/kubernetes/migrate-job.yaml'), 'utf8'));
  const jobCommand = job?.spec?.template?.spec?.containers?.[0]?.command;
  if (!Array.isArray(jobCommand)) throw new Error('no command in deploy/kubernetes/migrate-job.yaml');
  const [jobCmd, ...jobArgs] = jobCommand;
  const migrated = execFileSync(jobCmd === 'node' ? process.execPath : jobCmd, jobArgs, {
    cwd: app,
    env,
    encoding: 'utf8',
  });
  if (!/^Applied migrations: /.test(migrated))
    throw new Error(`the migration Job's command said: ${migrated}`);
  step(`the migration Job's command (${jobCommand.join(' ')}): ${migrated.trim().slice(0, 40)}…`);

  let log = '';
  server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: app,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));

  // The HEALTHCHECK's command, exactly as the Dockerfile gives it.
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const health = /HEALTHCHECK[^\n]*\\\n\s*CMD (\[.*\])/.exec(dockerfile)?.[1];
  if (!health) throw new Error('no HEALTHCHECK CMD [...] in the Dockerfile');
  const [cmd, ...args] = JSON.parse(health);
  let healthy = false;
  for (let i = 0; i < 60 && !healthy; i++) {
    await sleep(500);
    if (server.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    try {
      execFileSync(cmd === 'node' ? process.execPath : cmd, args, { env, stdio: 'ignore' });
      healthy = true;
    } catch {}
  }
  if (!healthy) throw new Error(`HEALTHCHECK never passed:\n${log}`);
  step('HEALTHCHECK passes');

  for (const [url, expected] of [
    ['/app/', /<div id="root">/],
    ['/api/health', /"status":"ok"/],
    ['/api/docs/json', /"openapi"/],
  ]) {
    const res = await fetch(`http://127.0.0.1:${port}${url}`);
    const body = await res.text();
    if (res.status !== 200 || !expected.test(body))
      throw new Error(`GET ${url}: ${res.status} ${body.slice(0, 200)}`);
  }
  step('the cabinet (/app/), /api/health and the OpenAPI document answer on one port');

  // Test mode (no YOOMONEY_*): the sandbox page is made from dist/sandbox-page.html, which the build copies.
  const sandbox = await fetch(`http://127.0.0.1:${port}/api/subscribe/sandbox`);
  const sandboxPage = await sandbox.text();
  if (sandbox.status !== 404 || !/<title>Тестовая оплата<\/title>[\s\S]*Заказ не найден/.test(sandboxPage))
    throw new Error(`GET /api/subscribe/sandbox: ${sandbox.status} ${sandboxPage.slice(0, 200)}`);
  step('the test-mode sandbox page is served from its template');

  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`exit code ${code} after SIGTERM:\n${log}`);
  step('SIGTERM: exit 0');
} catch (error) {
  failed = true;
  console.error(`image-check: FAILED: ${error instanceof Error ? error.message : error}`);
  server?.kill('SIGKILL');
} finally {
  await sql(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
step(failed ? '1 failed' : 'passed');
process.exit(failed ? 1 : 0);

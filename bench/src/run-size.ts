import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type Call, headersFor, screenCalls } from './calls';
import { explainAll } from './capture/explain';
import { startCaptureProxy } from './capture/proxy';
import { compareAnswers } from './compare';
import { createBenchDatabase } from './database';
import {
  AUDIT_TABLE,
  addPersonaAuditEvents,
  auditTableExists,
  deepAuditCursor,
  fillAuditEvents,
} from './fill/audit-events';
import { uploadAvatar } from './fill/avatar';
import { FILLED_TABLES, fillBulk, shapeFor, stepTimer } from './fill/bulk';
import { recountCounters, recountRevenue } from './fill/counters';
import { dropSecondaryIndexes, recreateIndexes, resetSequences } from './fill/indexes';
import { createPersona, type Persona } from './fill/persona';
import type { sampleRss } from './lifecycle';
import { measure } from './load';
import type { Report } from './report';
import { type Running, startApi, startTwin } from './servers';
import { settings } from './settings';

// One size: its own database, filled; the product and its twin measured call by call, alternating;
// two API processes for two calls; at the largest size, the query plans.

const log = (line: string) => process.stderr.write(`${line}\n`);
/** The two calls measured with one and with two API processes. */
const SCALE_OUT_CALLS = ['profile/me', 'organizations (home)'];

interface Context {
  server: string;
  report: Report;
  rss: ReturnType<typeof sampleRss>;
  watched: Set<number>;
}

async function fill(databaseUrl: string, size: number, report: Report): Promise<Persona> {
  const shape = shapeFor(size);
  const steps: { name: string; seconds: number }[] = [];
  const step = stepTimer(steps, log);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'");
    // Skips the foreign-key triggers while loading rows that are consistent by construction; needs a
    // superuser, and without one the fill is only slower.
    await client
      .query('SET session_replication_role = replica')
      .catch(() => log('  (foreign keys checked row by row: not a superuser)'));
    const withAudit = await auditTableExists(client);
    const tables = withAudit ? [...FILLED_TABLES, AUDIT_TABLE] : FILLED_TABLES;
    const indexes = await dropSecondaryIndexes(client, tables);
    await fillBulk(client, shape, step);
    if (withAudit) await fillAuditEvents(client, shape, step);
    else log(`  ${AUDIT_TABLE}: no such table yet, skipped`);
    await resetSequences(client, FILLED_TABLES);
    const persona = await createPersona(client, shape);
    await recountCounters(client, step);
    if (withAudit) await addPersonaAuditEvents(client, shape, persona);
    await recreateIndexes(client, indexes, step);
    await recountRevenue(client, step);
    await step('VACUUM (ANALYZE)', () => client.query(`VACUUM (ANALYZE) ${tables.join(', ')}`));
    if (withAudit) persona.auditCursor = await deepAuditCursor(client);
    report.fills.push({ size, steps });
    return persona;
  } finally {
    await client.end();
  }
}

/** BENCH_ONLY: names separated by commas; one that is a call's exact name picks that call alone. */
const selected = (calls: Call[]) => {
  if (!settings.only) return calls;
  const parts = settings.only
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const names = new Set(calls.map((c) => c.name));
  return calls.filter((c) => parts.some((p) => (names.has(p) ? c.name === p : c.name.includes(p))));
};

/** Each call: the answers compared once, then product and twin measured one after the other. */
async function measureCalls(
  ctx: Context,
  size: number,
  calls: Call[],
  persona: Persona,
  api: Running,
  twin: Running,
) {
  for (const call of calls) {
    const headers = headersFor(call, persona);
    const comparison = await compareAnswers(`${api.base}${call.path}`, `${twin.base}${call.path}`, headers);
    if (comparison.difference) log(`  ! ${call.name}: the twin's answer differs: ${comparison.difference}`);
    ctx.rss.takePhasePeak(api.child.pid);
    const product = await measure({
      urls: [api.base],
      path: call.path,
      headers,
      drainUrls: [`${api.base}/api/ready`],
      pids: [api.child.pid],
    });
    const productRssMb = ctx.rss.takePhasePeak(api.child.pid);
    const twinResult = await measure({
      urls: [twin.base],
      path: call.path,
      headers,
      drainUrls: [`${twin.base}/ready`],
      pids: [twin.child.pid],
    });
    log(
      `  ${call.name.padEnd(28)} product ${product.rps.toFixed(0).padStart(6)} req/s p99 ${product.p99.toFixed(0).padStart(5)} ms` +
        ` | twin ${twinResult.rps.toFixed(0).padStart(6)} req/s p99 ${twinResult.p99.toFixed(0).padStart(5)} ms` +
        ` | CPU µs/answer ${product.cpuUsPerAnswer.toFixed(0)} vs ${twinResult.cpuUsPerAnswer.toFixed(0)}`,
    );
    ctx.report.results.push({ call: call.name, size, product, twin: twinResult, productRssMb, comparison });
  }
}

async function measureScaleOut(
  ctx: Context,
  size: number,
  calls: Call[],
  persona: Persona,
  api: Running,
  start: () => Promise<Running>,
) {
  const chosen = calls.filter((c) => SCALE_OUT_CALLS.includes(c.name));
  if (chosen.length === 0) return 0;
  const second = await start();
  ctx.watched.add(second.child.pid);
  try {
    for (const call of chosen) {
      const two = await measure({
        urls: [api.base, second.base],
        path: call.path,
        headers: headersFor(call, persona),
        drainUrls: [`${api.base}/api/ready`, `${second.base}/api/ready`],
        pids: [api.child.pid, second.child.pid],
      });
      const one = ctx.report.results.find((r) => r.call === call.name && r.size === size)?.product;
      if (one) ctx.report.scaleOut.push({ call: call.name, size, one, two });
      log(
        `  ${call.name.padEnd(28)} two API processes ${two.rps.toFixed(0).padStart(6)} req/s p99 ${two.p99.toFixed(0)} ms`,
      );
    }
    return ctx.rss.peak(second.child.pid);
  } finally {
    await second.stop();
  }
}

/** The statements each call runs, captured through a recording proxy, then explained. */
async function explainCalls(
  ctx: Context,
  databaseUrl: string,
  dataDir: string,
  logDir: string,
  publicUrl: string,
  calls: Call[],
  persona: Persona,
) {
  const url = new URL(databaseUrl);
  const proxy = await startCaptureProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const capture = async (server: Running) => {
    const captured = [];
    for (const call of calls) {
      const headers = headersFor(call, persona);
      await (await fetch(`${server.base}${call.path}`, { headers })).arrayBuffer();
      proxy.take();
      await (await fetch(`${server.base}${call.path}`, { headers })).arrayBuffer();
      captured.push({ call: call.name, statements: proxy.take() });
    }
    return captured;
  };
  try {
    const api = await startApi({
      name: 'api-capture',
      server: ctx.server,
      databaseUrl: proxied.toString(),
      dataDir,
      logDir,
      publicUrl,
    });
    const product = await capture(api).finally(() => api.stop());
    const twin = await startTwin({
      name: 'twin-capture',
      databaseUrl: proxied.toString(),
      publicUrl,
      dataDir,
      logDir,
    });
    const twins = await capture(twin).finally(() => twin.stop());
    for (const [i, p] of product.entries()) {
      ctx.report.explained.push({
        call: p.call,
        product: await explainAll(databaseUrl, p.statements),
        twin: await explainAll(databaseUrl, twins[i]?.statements ?? []),
      });
    }
  } finally {
    await proxy.close();
  }
}

export async function runSize(ctx: Context, size: number, explain: boolean) {
  const runDir = path.join(settings.outDir, `run-${size}`);
  await rm(runDir, { recursive: true, force: true });
  const dataDir = path.join(runDir, 'data');
  await mkdir(dataDir, { recursive: true });
  log(`\n== ${size.toLocaleString('en')} users (logs in ${runDir})`);
  const db = await createBenchDatabase(size);
  const apiOptions = { server: ctx.server, databaseUrl: db.url, dataDir, logDir: runDir };
  const api = await startApi({ name: 'api', ...apiOptions });
  ctx.watched.add(api.child.pid);
  const publicUrl = api.base;
  log(`  API on ${api.base} (migrations applied by the server); filling:`);
  const persona = await fill(db.url, size, ctx.report);
  const avatarId = await uploadAvatar(api.base, persona.token, persona.userId);
  const calls = selected(screenCalls(persona, avatarId));
  const twin = await startTwin({ name: 'twin', databaseUrl: db.url, publicUrl, dataDir, logDir: runDir });
  ctx.watched.add(twin.child.pid);
  log(
    `  twin on ${twin.base}; ${settings.connections} connections, ${settings.warmup} s warm-up, ${settings.duration} s each:`,
  );
  await measureCalls(ctx, size, calls, persona, api, twin);
  const secondPeak = await measureScaleOut(ctx, size, calls, persona, api, () =>
    startApi({ name: 'api-2', ...apiOptions, publicUrl }),
  );
  ctx.report.rss.push({
    size,
    apiPeakMb: ctx.rss.peak(api.child.pid),
    secondApiPeakMb: secondPeak,
    twinPeakMb: ctx.rss.peak(twin.child.pid),
  });
  await twin.stop();
  await api.stop();
  if (explain) {
    log('  capturing and explaining the statements of each call…');
    ctx.report.explainedAt = size;
    await explainCalls(ctx, db.url, dataDir, runDir, publicUrl, calls, persona);
  }
  await db.drop();
}

export type { Context };

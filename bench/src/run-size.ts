import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Call, headersFor, screenCalls } from './calls';
import { explainAll } from './capture/explain';
import { startCaptureProxy } from './capture/proxy';
import { compareAnswers } from './compare';
import { type BenchDatabase, createBenchDatabase } from './database';
import { createAccessToken } from './fill/access-token';
import { uploadAvatar } from './fill/avatar';
import { fillSize } from './fill/fill-size';
import type { Persona } from './fill/persona';
import type { sampleRss } from './lifecycle';
import { measure, type Sample, sample, summarize } from './load';
import { type Report, users } from './report';
import { type ApiOptions, type Running, startApi, startTwin } from './servers';
import { settings } from './settings';

// Each size: its own database, filled, with its API process and twin. The calls are measured with every
// size in turn (measureCalls); then per size two API processes for two calls and, at the largest, the plans.

const log = (line: string) => process.stderr.write(`${line}\n`);
/** The two calls measured with one and with two API processes. */
const SCALE_OUT_CALLS = ['profile/me', 'organizations (home)'];

interface Context {
  server: string;
  report: Report;
  rss: ReturnType<typeof sampleRss>;
  watched: Set<number>;
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

/** One size, filled, with its API process and its twin running. */
export interface PreparedSize {
  size: number;
  db: BenchDatabase;
  /** How its API processes start (the second one too); their links all name the first's address. */
  apiOptions: Omit<ApiOptions, 'name'> & { publicUrl: string };
  api: Running;
  twin: Running;
  persona: Persona;
  calls: Call[];
}

/** The answers of product and twin compared once, then each measured, one after the other. */
async function measureCall(ctx: Context, prepared: PreparedSize, call: Call) {
  const { api, twin, persona, size } = prepared;
  const headers = headersFor(call, persona);
  const comparison = await compareAnswers(`${api.base}${call.path}`, `${twin.base}${call.path}`, headers);
  if (comparison.difference) log(`  ! ${call.name}: the twin's answer differs: ${comparison.difference}`);
  const target = (base: string, ready: string, pid: number) => ({
    urls: [base],
    path: call.path,
    headers,
    drainUrls: [`${base}${ready}`],
    pids: [pid],
  });
  const productTarget = target(api.base, '/api/ready', api.child.pid);
  const twinTarget = target(twin.base, '/ready', twin.child.pid);
  // Product and twin take turns (settings.rounds stretches each): a slower moment of the machine falls on
  // both rather than on whichever was being measured.
  const stretch = settings.duration / settings.rounds;
  const productSamples: Sample[] = [];
  const twinSamples: Sample[] = [];
  ctx.rss.takePhasePeak(api.child.pid);
  for (let round = 0; round < settings.rounds; round++) {
    productSamples.push(await sample(productTarget, stretch));
    twinSamples.push(await sample(twinTarget, stretch));
  }
  const productRssMb = ctx.rss.takePhasePeak(api.child.pid);
  const product = summarize(productSamples);
  const twinResult = summarize(twinSamples);
  log(
    `  ${call.name.padEnd(28)} ${users(size).padStart(5)} product ${product.rps.toFixed(0).padStart(6)} req/s p99 ${product.p99.toFixed(0).padStart(5)} ms` +
      ` | twin ${twinResult.rps.toFixed(0).padStart(6)} req/s p99 ${twinResult.p99.toFixed(0).padStart(5)} ms` +
      ` | CPU µs/answer ${product.cpuUsPerAnswer.toFixed(0)} vs ${twinResult.cpuUsPerAnswer.toFixed(0)}`,
  );
  ctx.report.results.push({ call: call.name, size, product, twin: twinResult, productRssMb, comparison });
}

/**
 * Every call at every size back to back (10k product, 10k twin, 1M product, 1M twin, next call): growth
 * compares measurements a minute apart rather than a quarter of an hour, so a machine that slows down
 * over the run (other work, throttling) weighs on both sizes alike instead of reading as growth.
 */
export async function measureCalls(ctx: Context, sizes: PreparedSize[]) {
  const names = [...new Set(sizes.flatMap((p) => p.calls.map((c) => c.name)))];
  log(
    `\n== the calls, every size in turn: ${settings.connections} connections, ${settings.duration} s per side in ${settings.rounds} turn(s), ${settings.warmup} s warm-up each:`,
  );
  for (const name of names) {
    for (const prepared of sizes) {
      const call = prepared.calls.find((c) => c.name === name);
      if (call) await measureCall(ctx, prepared, call);
    }
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

/** A size's database filled, its API process (which applied the migrations) and its twin started. */
export async function prepareSize(ctx: Context, size: number): Promise<PreparedSize> {
  const runDir = path.join(settings.outDir, `run-${size}`);
  await rm(runDir, { recursive: true, force: true });
  const dataDir = path.join(runDir, 'data');
  await mkdir(dataDir, { recursive: true });
  log(`\n== ${size.toLocaleString('en')} users (logs in ${runDir})`);
  const db = await createBenchDatabase(size);
  const started = { server: ctx.server, databaseUrl: db.url, dataDir, logDir: runDir };
  const api = await startApi({ name: 'api', ...started });
  ctx.watched.add(api.child.pid);
  const publicUrl = api.base;
  log(`  API on ${api.base} (migrations applied by the server); filling:`);
  const persona = await fillSize(db.url, size, ctx.report);
  const avatarId = await uploadAvatar(api.base, persona.token, persona.userId);
  persona.accessToken = await createAccessToken(api.base, persona.token);
  const calls = selected(screenCalls(persona, avatarId));
  const twin = await startTwin({ name: 'twin', databaseUrl: db.url, publicUrl, dataDir, logDir: runDir });
  ctx.watched.add(twin.child.pid);
  log(`  twin on ${twin.base}`);
  return { size, db, apiOptions: { ...started, publicUrl }, api, twin, persona, calls };
}

/** After the calls: one versus two API processes, the peaks, the servers stopped; the plans if asked. */
export async function finishSize(ctx: Context, prepared: PreparedSize, explain: boolean) {
  const { size, db, apiOptions, api, twin, persona, calls } = prepared;
  log(`\n== ${size.toLocaleString('en')} users: one and two API processes`);
  const secondPeak = await measureScaleOut(ctx, size, calls, persona, api, () =>
    startApi({ name: 'api-2', ...apiOptions }),
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
    const { dataDir, logDir, publicUrl } = apiOptions;
    await explainCalls(ctx, db.url, dataDir, logDir, publicUrl, calls, persona);
  }
  await db.drop();
}

export type { Context };

import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureApiBuild } from './build';
import { cleanupAll, installSignalHandlers, sampleRss } from './lifecycle';
import { measureMetricsCost, renderMetricsCost } from './metrics-cost';
import { type Report, renderReport } from './report';
import { type Context, finishSize, measureCalls, type PreparedSize, prepareSize } from './run-size';
import { settings } from './settings';

// `pnpm bench` (issue 12, decision 0110): the calls every screen makes on load, on a real PostgreSQL
// filled to each size in BENCH_SIZES, against a raw-SQL twin. Prints a markdown report and writes it to
// BENCH_OUT_DIR/last-run.md. It asserts nothing and exits 0 once the report is written.

installSignalHandlers();

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: settings.adminDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('SELECT version() AS v');
    return rows[0]?.v.split(' on ')[0] ?? '?';
  } finally {
    await client.end();
  }
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0] ?? 0;
  await mkdir(settings.outDir, { recursive: true });
  const build = ensureApiBuild();
  process.stderr.write(`API: ${build.how}\n`);
  const watched = new Set<number>();
  const rss = sampleRss(() => [...watched]);
  const report: Report = {
    header: [],
    results: [],
    fills: [],
    rss: [],
    scaleOut: [],
    explainedAt: null,
    explained: [],
  };
  const ctx: Context = { server: build.server, report, rss, watched };
  const largest = settings.sizes.at(-1);
  const prepared: PreparedSize[] = [];
  for (const size of settings.sizes) prepared.push(await prepareSize(ctx, size));
  await measureCalls(ctx, prepared);
  // The cost of a Prometheus scraper (issue 31) on the first size's API, before the sizes are finished.
  const first = prepared[0];
  const metricsCost =
    first?.api.metricsUrl && !settings.only
      ? await measureMetricsCost({
          call: 'profile/me',
          base: first.api.base,
          metricsUrl: first.api.metricsUrl,
          path: '/api/v1/rest/profile/me',
          headers: { 'x-session-id': first.persona.token },
          pids: [first.api.child.pid],
        })
      : null;
  for (const p of prepared) await finishSize(ctx, p, p.size === largest);
  rss.stop();

  const loadAtEnd = os.loadavg()[0] ?? 0;
  // The load at the start is other people's; at the end it includes the bench's own processes.
  const busy = loadAtStart > settings.cores / 2;
  const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
  report.header = [
    '# Cabinet: screen calls under load',
    '',
    `Run ${startedAt.toISOString()} (${minutes} min); sizes ${settings.sizes.join(', ')} users;`,
    `${settings.connections} connections; per call, size and side ${settings.duration} s counted, in ${settings.rounds} turn(s) that alternate product and twin, each after ${settings.warmup} s of warm-up;`,
    'the sizes measured one after the other for each call.',
    `Machine: ${settings.cores} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB; load average ${loadAtStart.toFixed(1)} at the start (other work), ${loadAtEnd.toFixed(1)} at the end (the bench's own included)${busy ? ' — **the machine was busy** (other work shared the cores): compare ratios, not absolute numbers' : ''}.`,
    `Node ${process.version}; ${await postgresVersion()} on the same machine; API: ${build.how}.`,
    'Product: `node apps/api/dist/server.js` (LOG_LEVEL=warn, its pool of 10). Twin: node:http + a pg Pool of 10',
    '(bench/src/twin). autocannon runs in the bench process; everything shares the same cores.',
  ];
  const text = renderReport(report) + (metricsCost ? `\n${renderMetricsCost(metricsCost).join('\n')}` : '');
  const file = path.join(settings.outDir, 'last-run.md');
  await writeFile(file, text);
  process.stdout.write(text);
  process.stderr.write(`\nReport written to ${file}\n`);
}

try {
  await main();
} catch (error) {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
} finally {
  await cleanupAll();
}

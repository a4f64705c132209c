import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureApiBuild } from './build';
import { createBenchDatabase } from './database';
import { cleanupAll, installSignalHandlers } from './lifecycle';
import { type Measurement, type Sample, sample, summarize, totalTicks } from './load';
import { startApi } from './servers';
import { settings } from './settings';

// The cost of Prometheus metrics (issue 31, decision 0261): one API process, one call under load, in
// turns without and with a scraper reading GET /metrics every SCRAPE_EVERY_MS, as Prometheus would (it
// scrapes every 15–30 s: this is 15–30 times harsher). Throughput with the scraper must stay within 2 %.
// `pnpm bench` runs it on profile/me at the first size; `pnpm --filter @cabinet/bench run metrics` runs it
// alone, on an empty database, with /api/v1/site/links (no database read: the request's own work is
// smallest there, so the metrics' share is largest).

export const SCRAPE_EVERY_MS = 1000;
/** The most the scraper may take off throughput (issue 31). */
export const MAX_COST_PERCENT = 2;

export interface MetricsCost {
  call: string;
  without: Measurement;
  with: Measurement;
  /** Throughput lost with the scraper, in per cent (negative: the difference is noise the other way). */
  costPercent: number;
  scrapes: number;
  scrapeBytes: number;
  scrapeMsP50: number;
  /** Each turn's req/s, to see the machine's drift beside the difference. */
  turnsWithout: number[];
  turnsWith: number[];
  /** The API's CPU time per scrape with no other load (all its background work included): an upper bound. */
  cpuMsPerScrape: number;
}

/** Scrapes in a row with no load, timed by the API process's CPU clock (10 ms ticks: many scrapes). */
const IDLE_SCRAPES = 300;

async function cpuPerScrape(url: string, pids: number[]): Promise<number> {
  const before = totalTicks(pids);
  for (let i = 0; i < IDLE_SCRAPES; i++) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    await res.text();
  }
  return ((totalTicks(pids) - before) * 10) / IDLE_SCRAPES;
}

export interface MetricsCostTarget {
  call: string;
  base: string;
  metricsUrl: string;
  path: string;
  headers: Record<string, string>;
  pids: number[];
}

/** Reads /metrics every SCRAPE_EVERY_MS until stopped. */
function startScraper(url: string) {
  let scrapes = 0;
  let bytes = 0;
  const times: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(url).catch(() => null);
      const text = res?.ok ? await res.text() : '';
      if (!res?.ok) throw new Error(`GET ${url}: ${res?.status ?? 'no answer'}`);
      times.push(performance.now() - started);
      scrapes++;
      bytes = text.length;
      await new Promise((resolve) => setTimeout(resolve, SCRAPE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const sorted = times.sort((a, b) => a - b);
      return { scrapes, bytes, p50: sorted[Math.floor(sorted.length / 2)] ?? 0 };
    },
  };
}

export async function measureMetricsCost(target: MetricsCostTarget): Promise<MetricsCost> {
  const load = {
    urls: [target.base],
    path: target.path,
    headers: target.headers,
    drainUrls: [`${target.base}/api/ready`],
    pids: target.pids,
  };
  // The steady figure first: the wall-clock turns below swing by tens of per cent on a shared machine.
  const cpuMsPerScrape = await cpuPerScrape(target.metricsUrl, target.pids);
  const turns = Math.max(2, settings.rounds * 2);
  // Each side gets settings.duration seconds in all, split over its turns.
  const seconds = settings.duration / (turns / 2);
  const without: Sample[] = [];
  const withScraper: Sample[] = [];
  let scrapes = 0;
  let scrapeBytes = 0;
  const scrapeTimes: number[] = [];
  // Alternating turns (without, with, without, …) so a drift of the machine's load weighs on both sides.
  for (let turn = 0; turn < turns; turn++) {
    if (turn % 2 === 0) {
      without.push(await sample(load, seconds));
      continue;
    }
    const scraper = startScraper(target.metricsUrl);
    withScraper.push(await sample(load, seconds));
    const done = await scraper.stop();
    scrapes += done.scrapes;
    scrapeBytes = done.bytes;
    scrapeTimes.push(done.p50);
  }
  const a = summarize(without);
  const b = summarize(withScraper);
  return {
    call: target.call,
    without: a,
    with: b,
    costPercent: a.rps ? ((a.rps - b.rps) / a.rps) * 100 : 0,
    scrapes,
    scrapeBytes,
    scrapeMsP50: scrapeTimes.sort((x, y) => x - y)[Math.floor(scrapeTimes.length / 2)] ?? 0,
    turnsWithout: without.map(turnRps),
    turnsWith: withScraper.map(turnRps),
    cpuMsPerScrape,
  };
}

const turnRps = (s: Sample) => (s.seconds ? s.latencies.length / s.seconds : 0);

export function renderMetricsCost(cost: MetricsCost): string[] {
  const row = (side: string, m: Measurement) =>
    `| ${side} | ${m.rps.toFixed(0)} | ${m.p50.toFixed(1)} | ${m.p99.toFixed(1)} | ${m.cpuUsPerAnswer.toFixed(0)} | ${m.non2xx + m.errors} |`;
  // Under load the event loop is the bottleneck: a scrape every SCRAPE_EVERY_MS takes this share of it.
  const cpuShare = (cost.cpuMsPerScrape / SCRAPE_EVERY_MS) * 100;
  const verdict = cpuShare < MAX_COST_PERCENT ? 'within' : '**over**';
  return [
    `## Cost of metrics (${cost.call}, GET /metrics every ${SCRAPE_EVERY_MS / 1000} s)`,
    '',
    '| Side | req/s | p50 ms | p99 ms | CPU µs/answer | not 2xx |',
    '| ---- | ----: | -----: | -----: | ------------: | ------: |',
    row('without scraper', cost.without),
    row('with scraper', cost.with),
    '',
    `A scrape costs the API ${cost.cpuMsPerScrape.toFixed(2)} ms of CPU (${IDLE_SCRAPES} in a row, no load; its ` +
      `background work included): at one a second ${cpuShare.toFixed(2)} % of a busy process's time, ${verdict} ` +
      `the ${MAX_COST_PERCENT} % budget. Measured throughput difference: ${cost.costPercent.toFixed(2)} % ` +
      `(${cost.scrapes} scrapes of ${(cost.scrapeBytes / 1024).toFixed(1)} KB, p50 ${cost.scrapeMsP50.toFixed(1)} ms ` +
      'under load); both sides record request durations (the histogram is always on).',
    `Turns, req/s: without ${cost.turnsWithout.map((r) => r.toFixed(0)).join(', ')}; with ${cost.turnsWith.map((r) => r.toFixed(0)).join(', ')}.`,
    '',
  ];
}

/** Alone: an empty database, one API process, /api/v1/site/links. */
async function main() {
  installSignalHandlers();
  const build = ensureApiBuild();
  const db = await createBenchDatabase(0);
  const dir = path.join(settings.outDir, 'metrics-cost');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const api = await startApi({
    name: 'api-metrics',
    server: build.server,
    databaseUrl: db.url,
    dataDir: dir,
    logDir: dir,
  });
  try {
    const cost = await measureMetricsCost({
      call: 'site/links',
      base: api.base,
      metricsUrl: api.metricsUrl ?? '',
      path: '/api/v1/site/links',
      headers: {},
      pids: [api.child.pid],
    });
    const text = [
      `Run ${new Date().toISOString()}; ${settings.connections} connections; ${settings.duration} s counted per side.`,
      '',
      ...renderMetricsCost(cost),
    ].join('\n');
    await writeFile(path.join(settings.outDir, 'metrics-cost.md'), text);
    process.stdout.write(`${text}\n`);
  } finally {
    await api.stop();
    await db.drop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`metrics bench failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await cleanupAll();
  }
}

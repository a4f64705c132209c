import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEMORY_ENV, NODE_FLAGS } from '@cabinet/api/bench';
import { type Child, freePort, startNode, waitForHttp } from './lifecycle';
import { settings } from './settings';

// The product exactly as `pnpm start` runs it (the bundle, its own migrations at start, test-mode
// payments, sign-in codes to the log), and the twin, each a child process on a free port.

export interface Running {
  child: Child;
  base: string;
  /** The API's GET /metrics on its METRICS_PORT (metrics-cost.ts); absent for the twin. */
  metricsUrl?: string;
  stop(): Promise<void>;
}

export interface ApiOptions {
  name: string;
  server: string;
  databaseUrl: string;
  dataDir: string;
  logDir: string;
  /** Links in answers; the same for every process so that answers compare equal. */
  publicUrl?: string;
}

export async function startApi(options: ApiOptions): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Every API process serves /metrics on a port of its own, as in deploy/kubernetes (issue 31).
  const metricsPort = await freePort();
  const logFile = path.join(options.logDir, `${options.name}.log`);
  const child = startNode(
    options.name,
    // The node flags and environment `pnpm start` and the image give the process (decision 0119).
    [...NODE_FLAGS, ...settings.apiNodeFlags, options.server],
    {
      ...MEMORY_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: options.publicUrl ?? base,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      // The fill spreads audit events over two years; with the default year of retention the server's
      // prune (30 s after start) would delete half of them mid-run, and the deep page's cursor with them.
      AUDIT_RETENTION_DAYS: '36500',
      METRICS_PORT: String(metricsPort),
    },
    logFile,
    settings.apiDir,
  );
  await waitForHttp(`${base}/api/ready`, child, logFile);
  return { child, base, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, stop: () => child.stop() };
}

const twinEntry = fileURLToPath(new URL('./twin/server.ts', import.meta.url));

export async function startTwin(options: {
  name: string;
  databaseUrl: string;
  publicUrl: string;
  dataDir: string;
  logDir: string;
}): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(options.logDir, `${options.name}.log`);
  const child = startNode(
    options.name,
    ['--import', 'tsx', twinEntry],
    {
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      PUBLIC_URL: options.publicUrl,
      FILES_DIR: path.join(options.dataDir, 'files'),
    },
    logFile,
    fileURLToPath(new URL('..', import.meta.url)),
  );
  await waitForHttp(`${base}/ready`, child, logFile);
  return { child, base, stop: () => child.stop() };
}

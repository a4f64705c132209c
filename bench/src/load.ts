import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { settings } from './settings';

// One stretch of load: `connections` keep-alive connections, each sending its next request as soon as the
// previous answer arrives, for warm-up + its seconds in one go; only answers that arrive after the
// warm-up are counted. A measurement pools the answers of one or more stretches (run-size.ts alternates
// product and twin). (Two separate runs would start the measured one behind the warm-up's abandoned
// requests, which a slow call takes seconds to drain.) Afterwards the server's readiness call, which waits
// for a database connection like everything else, tells when the requests left in flight are done, so
// that they do not weigh on the next measurement.

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU time the server's processes spent per counted answer, in microseconds (user + system). */
  cpuUsPerAnswer: number;
}

export interface Target {
  /** One base URL, or several: connections are spread over them (two API processes). */
  urls: string[];
  path: string;
  headers: Record<string, string>;
  /** Answers once the server has caught up (a query through its pool). */
  drainUrls: string[];
  /** The server's processes, whose CPU time is read over the counted window (/proc; 0 elsewhere). */
  pids: number[];
}

/** utime + stime of a process in clock ticks (100 a second on Linux), or 0 where /proc cannot tell. */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
export const totalTicks = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuTicks(pid), 0);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);

/** What one stretch of load collected; stretches of the same server are merged by summarize(). */
export interface Sample {
  latencies: number[];
  seconds: number;
  cpuSeconds: number;
  non2xx: number;
  errors: number;
}

/** `seconds` of counted load on `target`, after the warm-up. */
export async function sample(target: Target, seconds: number): Promise<Sample> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let counting = settings.warmup === 0;
  let windowStart = performance.now();
  let ticksAtStart = totalTicks(target.pids);
  const instance = autocannon({
    url: target.urls.map((u) => `${u}${target.path}`),
    connections: settings.connections,
    duration: settings.warmup + seconds,
    headers: target.headers,
    timeout: 30,
  });
  const warm = setTimeout(() => {
    counting = true;
    windowStart = performance.now();
    ticksAtStart = totalTicks(target.pids);
  }, settings.warmup * 1000);
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (!counting) return;
    latencies.push(ms);
    if (status < 200 || status >= 300) non2xx++;
  });
  instance.on('reqError', () => {
    if (counting) errors++;
  });
  await instance;
  const elapsed = (performance.now() - windowStart) / 1000;
  const cpuSeconds = (totalTicks(target.pids) - ticksAtStart) / 100;
  clearTimeout(warm);
  await Promise.all(
    target.drainUrls.map((url) => fetch(url, { signal: AbortSignal.timeout(120_000) }).catch(() => {})),
  );
  return { latencies, seconds: elapsed, cpuSeconds, non2xx, errors };
}

/** One measurement from one or more stretches of the same server: their answers pooled. */
export function summarize(samples: Sample[]): Measurement {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  const cpuSeconds = samples.reduce((sum, s) => sum + s.cpuSeconds, 0);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx: samples.reduce((sum, s) => sum + s.non2xx, 0),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
    cpuUsPerAnswer: latencies.length ? (cpuSeconds * 1e6) / latencies.length : 0,
  };
}

/** settings.duration seconds of counted load in one stretch. */
export async function measure(target: Target): Promise<Measurement> {
  return summarize([await sample(target, settings.duration)]);
}

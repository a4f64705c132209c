import autocannon from 'autocannon';
import { settings } from './settings';

// One measurement: an unmeasured warm-up, then `duration` seconds at `connections` keep-alive
// connections, each sending the next request as soon as the previous answer arrives.

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface Target {
  /** One base URL, or several: connections are spread over them (two API processes). */
  urls: string[];
  path: string;
  headers: Record<string, string>;
}

async function run(target: Target, seconds: number) {
  return autocannon({
    url: target.urls.map((u) => `${u}${target.path}`),
    connections: settings.connections,
    duration: seconds,
    headers: target.headers,
    timeout: 30,
  });
}

export async function measure(target: Target): Promise<Measurement> {
  if (settings.warmup > 0) await run(target, settings.warmup);
  const result = await run(target, settings.duration);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

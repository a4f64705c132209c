import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { installSignalHandlers } from './lifecycle';
import { runBench, signedInAccount, startOneApi } from './one-api';
import { settings } from './settings';

// `pnpm bench` (its last part) and `pnpm bench:bodies` (issue 27 item 4, decision 0192): how much 16
// parallel senders of 1 MB nested JSON bodies delay GET /api/health, as a ratio against the same probe
// without load. The bodies go to the sign-in (anonymous: refused at 16 KB, by Content-Length before a byte
// is read, or after 16 KB when sent chunked) and to a signed-in call that takes 1 MB (desktop
// finish-adding: refused at the first chunk nested deeper than 64 levels). The API runs as `pnpm start`
// runs it, on a database of its own. It asserts nothing; the target is less than 100 ms of delay.

installSignalHandlers();

const SENDERS = Number(process.env.BENCH_BODY_SENDERS ?? 16);
const SECONDS = Number(process.env.BENCH_BODY_SECONDS ?? 5);

interface Probe {
  median: number;
  p95: number;
  count: number;
}

/** GET /api/health one after another for `seconds`: the latency of each, in ms. */
async function probe(base: string, seconds: number): Promise<Probe> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${base}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        })
        .on('error', reject);
    });
    times.push(performance.now() - started);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), count: times.length };
}

// The senders run in a worker thread, so that their own work (writing 16 MB at a time) does not delay the
// probe's event loop: what is measured is the API's answer time. Plain JavaScript, evaluated by the worker.
const SENDER_CODE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { base, target, headers, chunked, senders } = workerData;
const body = Buffer.alloc(1024 * 1024, '[');
let running = true;
const statuses = new Map();
function send() {
  return new Promise((resolve) => {
    const request = http.request(base + target, {
      method: 'POST',
      headers: Object.assign({ 'content-type': 'application/json' }, headers,
        chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
    });
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => { request.destroy(); resolve(res.statusCode || 0); });
    });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}
const loops = Array.from({ length: senders }, async () => {
  while (running) {
    const status = await send();
    statuses.set(status, (statuses.get(status) || 0) + 1);
  }
});
parentPort.on('message', async () => {
  running = false;
  await Promise.all(loops);
  parentPort.postMessage([...statuses.entries()]);
});
parentPort.postMessage('started');
`;

/** SENDERS loops sending 1 MB bodies until stopped; stop answers the statuses seen. */
async function load(base: string, target: string, headers: Record<string, string>, chunked: boolean) {
  const worker = new Worker(SENDER_CODE, {
    eval: true,
    workerData: { base, target, headers, chunked, senders: SENDERS },
  });
  await new Promise((resolve) => worker.once('message', resolve));
  return {
    async stop() {
      const done = new Promise<[number, number][]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const statuses = await done;
      await worker.terminate();
      return statuses.map(([status, n]) => `${n}× ${status || 'reset'}`).join(', ');
    },
  };
}

const ms = (n: number) => n.toFixed(2);

async function main() {
  const { api, database, stop } = await startOneApi('bodies');
  const token = await signedInAccount(database.url, 'bodies@bench.example', 'Тела');
  await probe(api.base, 1); // warm-up
  const cases: { label: string; target: string; headers: Record<string, string>; chunked: boolean }[] = [
    {
      label: 'POST /api/v1/auth/login, Content-Length 1 MB',
      target: '/api/v1/auth/login',
      headers: {},
      chunked: false,
    },
    {
      label: 'POST /api/v1/auth/login, chunked (no length)',
      target: '/api/v1/auth/login',
      headers: {},
      chunked: true,
    },
    {
      label: 'POST …/collaborators/finish-adding (signed in, takes 1 MB)',
      target: '/api/v1/desktop/organizations/1/collaborators/finish-adding',
      headers: { authorization: `Bearer ${token}` },
      chunked: false,
    },
  ];
  const rows: string[] = [];
  for (const c of cases) {
    const idle = await probe(api.base, SECONDS);
    const running = await load(api.base, c.target, c.headers, c.chunked);
    const loaded = await probe(api.base, SECONDS);
    const statuses = await running.stop();
    const delay = loaded.median - idle.median;
    rows.push(
      `| ${c.label} | ${ms(idle.median)} / ${ms(idle.p95)} | ${ms(loaded.median)} / ${ms(loaded.p95)} | ${(loaded.median / idle.median).toFixed(2)} | ${ms(delay)} ${delay < 100 ? '(< 100)' : '**(≥ 100)**'} | ${statuses} |`,
    );
  }
  console.log(
    [
      '# Bodies: GET /api/health while 1 MB nested JSON bodies arrive',
      '',
      `${SENDERS} senders in parallel, each sending 1 MB of \`[\` again as soon as the last was answered; GET /api/health`,
      `probed one after another for ${SECONDS} s without load, then ${SECONDS} s with it. Node ${process.version}; ${settings.cores} cores.`,
      '',
      '| bodies to | health ms without load (median / p95) | with load | ratio (medians) | delay ms | answers to the bodies |',
      '| --------- | ------------------------------------: | --------: | --------------: | -------: | --------------------- |',
      ...rows,
    ].join('\n'),
  );
  await stop();
}

runBench(main);

import { randomBytes } from 'node:crypto';
import { MAX_AVATAR_BYTES, MAX_UPLOAD_BYTES } from '@cabinet/contracts';
import { installSignalHandlers, rssMb } from './lifecycle';
import { runBench, signedInAccount, startOneApi } from './one-api';
import { rgbPng } from './png';

// `pnpm bench:uploads` (issue 12, decision 0119): the memory of one API process while 20 uploads of 20 MB
// arrive at the same moment, then 20 of the largest images the API takes (5 MB), which it decodes and
// encodes anew (sharp). Starts the built server as `pnpm start` does on a database of its own, samples the process's
// VmRSS every 100 ms and prints idle, peak and after. It asserts nothing; the budget is 250 MB (issue 12).

installSignalHandlers();

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const SAMPLE_MS = 100;
// Room for the multipart envelope under each route's limit.
const ENVELOPE = 64 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const PHASES = [
  {
    label: 'files (POST /api/v1/files/upload, streamed to storage)',
    kind: 'file',
    path: '/api/v1/files/upload',
    bytes: MAX_UPLOAD_BYTES - ENVELOPE,
    type: 'application/octet-stream',
    ext: 'bin',
  },
  {
    label: 'PNG images (POST /api/v1/files/upload-image, decoded and encoded anew)',
    kind: 'image',
    path: '/api/v1/files/upload-image',
    bytes: MAX_AVATAR_BYTES - ENVELOPE,
    type: 'image/png',
    ext: 'png',
  },
  {
    label: 'PNG images of 36 megapixels (a gradient: small file, most pixels to decode)',
    kind: 'pixels',
    path: '/api/v1/files/upload-image',
    bytes: 0,
    type: 'image/png',
    ext: 'png',
  },
] as const;

/** A PNG of noise just under the upload limit: it cannot be shrunk while decoding, the worst case. */
function bigPng(maxBytes: number): Buffer {
  const side = Math.floor(Math.sqrt(maxBytes / 3.02));
  const rows = randomBytes(side * (1 + side * 3));
  for (let y = 0; y < side; y++) rows[y * (1 + side * 3)] = 0; // filter byte: none
  return rgbPng(side, rows, 1);
}

/** A side × side PNG of a smooth gradient: a small file that decodes to side² pixels. */
function gradientPng(side: number): Buffer {
  const row = (y: number) => {
    const bytes = Buffer.alloc(1 + side * 3);
    for (let x = 0; x < side; x++) bytes.set([(x * 255) / side, (y * 255) / side, 128], 1 + x * 3);
    return bytes;
  };
  return rgbPng(side, Buffer.concat(Array.from({ length: side }, (_, y) => row(y))));
}

async function main() {
  const { api, database, stop } = await startOneApi('uploads');
  const token = await signedInAccount(database.url, 'uploads@bench.example', 'Загрузки');
  const pid = api.child.pid;

  // One small call first, so what is measured as idle is a process that has served something.
  await fetch(`${api.base}/api/v1/rest/profile/me`, { headers: { 'x-session-id': token } });
  await sleep(1500);
  const idle = rssMb(pid) ?? 0;
  const rows: string[] = [];
  let overall = idle;
  for (const phase of PHASES) {
    const body =
      phase.kind === 'image'
        ? bigPng(phase.bytes)
        : phase.kind === 'pixels'
          ? gradientPng(6000)
          : randomBytes(phase.bytes);
    let peak = rssMb(pid) ?? 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid) ?? 0);
    }, SAMPLE_MS);
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: UPLOADS }, async (_, i) => {
        const form = new FormData();
        form.append('file', new Blob([body], { type: phase.type }), `${phase.kind}-${i}.${phase.ext}`);
        const response = await fetch(`${api.base}${phase.path}`, {
          method: 'POST',
          headers: { 'x-session-id': token },
          body: form,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    await sleep(1000);
    clearInterval(sampler);
    overall = Math.max(overall, peak);
    const ok = statuses.filter((status) => status < 300).length;
    rows.push(
      `| ${UPLOADS} × ${(body.length / 1e6).toFixed(1)} MB ${phase.label} | ${ok}/${UPLOADS} | ${seconds.toFixed(1)} | ${peak.toFixed(0)} | ${(rssMb(pid) ?? 0).toFixed(0)} |`,
    );
  }

  console.log(
    [
      '# Uploads: memory of one API process',
      '',
      `Node ${process.version}; the API as \`pnpm start\` runs it (apps/api/node-flags.mjs); VmRSS every ${SAMPLE_MS} ms.`,
      `Idle (after start-up and one call): ${idle.toFixed(0)} MB.`,
      '',
      '| uploads at once | 2xx | seconds | peak RSS MB | 1 s after MB |',
      '| --------------- | --: | ------: | ----------: | -----------: |',
      ...rows,
      '',
      `Peak over the run: ${overall.toFixed(0)} MB; budget (issue 12) 250 MB — ${overall < 250 ? 'within' : '**over**'}.`,
    ].join('\n'),
  );
  await stop();
}

runBench(main);

// How the API process is started, in one place (issue 12, decision 0119): `pnpm start` (start.mjs), the
// Dockerfile's CMD and ENV, deploy/kubernetes/deployment.yaml and the bench take these, and
// test/ops/memory-flags.test.ts checks the Dockerfile and the manifest against them.
//
// One process stays under 250 MB resident through the bench's load and 20 uploads at once:
// - V8's old space is capped well under that, so the heap is collected rather than grown: the API's live
//   data is a few tens of MB (caches are bounded; uploads and downloads are streams);
// - a young generation of 8 MB: at 4 MB a scavenge came every ~40 ms under load, while 64 requests in
//   flight were still alive, so they were copied and promoted and GC took ~25 % of a short call's CPU; at 8
//   MB GC time is a quarter lower for ~7 MB more RSS (16 MB: half, but over the 250 MB budget; decision 0178);
// - no allocation-site pretenuring: V8 saw a request's objects (pg rows, statement texts) alive at one
//   scavenge and began allocating them straight in the old space, where they died a few ms later. The old
//   space then filled in seconds, and each mark-compact held ~40 requests in flight for 25–50 ms: 1 % of the
//   answers, exactly the p99. Without it the old space stays flat under load: no mark-compact (decision 0180);
// - two malloc arenas: glibc gives every thread that allocates (libuv's pool, libvips' workers) an arena of
//   its own, and memory freed in one is not reused by another.
export const NODE_FLAGS = [
  '--max-old-space-size=112',
  '--max-semi-space-size=8',
  '--no-allocation-site-pretenuring',
];

export const MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

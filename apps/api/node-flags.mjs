// How the API process is started, in one place (issue 12, decision 0119): `pnpm start` (start.mjs), the
// Dockerfile's CMD and ENV, deploy/kubernetes/deployment.yaml and the bench take these, and
// test/ops/memory-flags.test.ts checks the Dockerfile and the manifest against them.
//
// One process stays under 250 MB resident through the bench's load and 20 uploads at once:
// - V8's old space is capped well under that, so the heap is collected rather than grown: the API's live
//   data is a few tens of MB (caches are bounded; uploads and downloads are streams);
// - a small young generation: many short requests, little survives a scavenge;
// - two malloc arenas: glibc gives every thread that allocates (libuv's pool, libvips' workers) an arena of
//   its own, and memory freed in one is not reused by another.
export const NODE_FLAGS = ['--max-old-space-size=112', '--max-semi-space-size=4'];

export const MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEMORY_ENV, NODE_FLAGS } from '../../node-flags.mjs';

// The image starts the API with the same node flags and malloc settings as `pnpm start` and the bench
// (node-flags.mjs, decision 0119): a change in one place that misses the Dockerfile fails here.
const dockerfile = readFileSync(new URL('../../../../Dockerfile', import.meta.url), 'utf8');

// Packages a process may never need, loaded with their first use (`await import(...)`), not at start: each
// costs megabytes of heap or native memory (decision 0119). A static import anywhere would load it with the
// bundle, since every npm dependency is external to dist/server.js.
const LOADED_ON_FIRST_USE = [
  'sharp',
  '@aws-sdk/client-s3',
  '@simplewebauthn/server',
  'ioredis',
  'libsodium-wrappers',
  // Traces (issue 31, decision 0262): loaded only with OTEL_EXPORTER_OTLP_ENDPOINT set.
  '@opentelemetry',
  '@fastify/otel',
];
const srcDir = new URL('../../src/', import.meta.url);
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => ({ file, text: readFileSync(new URL(file, srcDir), 'utf8') }));

describe('memory settings of the API process (issue 12)', () => {
  it("the image's CMD gives node the flags of node-flags.mjs", () => {
    const cmd = [...dockerfile.matchAll(/^CMD (\[.*\])$/gm)].at(-1)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...NODE_FLAGS, 'apps/api/dist/server.js']);
  });

  it("the image's ENV sets the malloc variables of node-flags.mjs", () => {
    const env = Object.fromEntries(
      [...dockerfile.matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
        (m[1] ?? '').split(/\s+/).map((pair) => pair.split('=') as [string, string]),
      ),
    );
    for (const [name, value] of Object.entries(MEMORY_ENV)) expect(env[name]).toBe(value);
  });

  it('loads the packages a process may never need on first use only', () => {
    const staticImports = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)]
        .map((m) => m[1] ?? '')
        .filter((name) => LOADED_ON_FIRST_USE.some((pkg) => name === pkg || name.startsWith(`${pkg}/`)))
        .map((name) => `${file}: ${name}`),
    );
    expect(staticImports).toEqual([]);
  });
});

import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// What a run measures, from the environment (README, Development: `pnpm bench`). The bench is a tool
// outside the product, so it reads its own variables here rather than through apps/api/src/env.ts.

const number = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name}: expected a number ≥ ${min}, got "${raw}"`);
  return value;
};

function sizes(): number[] {
  const raw = process.env.BENCH_SIZES?.trim() || '10000,1000000';
  const list = raw.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
  if (list.some((n) => !Number.isInteger(n) || n < 100)) {
    throw new Error(`BENCH_SIZES: expected user counts ≥ 100 separated by commas, got "${raw}"`);
  }
  return [...new Set(list)].sort((a, b) => a - b);
}

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const settings = {
  /** Users per database; every other table scales with it (decision 0110). */
  sizes: sizes(),
  /** Seconds of measurement per call and per side (product, twin). */
  duration: number('BENCH_DURATION', 10, 1),
  /** Turns product and twin take at each call: the duration is split between them. */
  rounds: number('BENCH_ROUNDS', 2, 1),
  /** Seconds of unmeasured load before each measurement (each turn). */
  warmup: number('BENCH_WARMUP', 2, 0),
  connections: number('BENCH_CONNECTIONS', 64, 1),
  /** Only these calls: names separated by commas, each a call's exact name or a part of names. */
  only: process.env.BENCH_ONLY?.trim() || '',
  /** Extra node flags for the API processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a call. */
  apiNodeFlags: (process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  adminDatabaseUrl: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  outDir: process.env.BENCH_OUT_DIR?.trim() || '/tmp/cabinet-bench',
  apiDir: path.join(repoRoot, 'apps/api'),
  cores: os.availableParallelism(),
};

export type Settings = typeof settings;

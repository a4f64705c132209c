import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The shape of the code (docs/architecture.md, issue 11) that no import rule states, checked on the files
// themselves: Prisma's error codes are read in lib/prisma-errors.ts only, and no hand-written source file of
// the workspace is over 300 lines. Who may import what (layers, cycles, adapters) is .dependency-cruiser.cjs
// at the root, run by `pnpm check` (issue 33).

const SRC = fileURLToPath(new URL('.', import.meta.url));
const ROOT = path.resolve(SRC, '../../..');

/** Files below `folder` whose name ends in one of `endings`, generated code and builds left out. */
function filesBelow(folder: string, endings: string[]): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      return ['generated', 'node_modules', 'dist'].includes(entry.name) ? [] : filesBelow(full, endings);
    }
    return endings.some((ending) => entry.name.endsWith(ending)) ? [full] : [];
  });
}

const isTest = (file: string) =>
  /\.(test|spec|bench)\.tsx?$/.test(file) || file.split(path.sep).includes('test');

/** Lines as `wc -l` counts them, a last line without its newline included. */
const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const PRISMA_CODE = /['"`]P[12]\d{3}['"`]/;

describe('the API’s error codes', () => {
  it('reads Prisma’s error codes in lib/prisma-errors.ts only', () => {
    const readers = filesBelow(SRC, ['.ts'])
      .filter((file) => !isTest(file) && PRISMA_CODE.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(readers).toEqual([path.join('lib', 'prisma-errors.ts')]);
  });
});

describe('the workspace’s files', () => {
  it('no hand-written source file outside the tests is over 300 lines', () => {
    const folders = ['apps/api/src', 'apps/web/src', 'packages/contracts/src', 'bench/src', 'e2e'];
    const files = folders
      .flatMap((folder) => filesBelow(path.join(ROOT, folder), ['.ts', '.tsx', '.mjs']))
      .filter((file) => !isTest(file));
    expect(files.length).toBeGreaterThan(200);
    const long = files
      .map((file) => ({ file: path.relative(ROOT, file), lines: linesOf(fs.readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > 300)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The shape of the code (docs/architecture.md, issue 11), checked on the files themselves: nothing in
// plugins/ or lib/ imports a module, Prisma's error codes are read in lib/prisma-errors.ts only, and no
// hand-written source file of the workspace is over 300 lines.

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

/** The project files `text` (of `file`) imports, as absolute paths; packages are left out. */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)]
    .map((match) => match[1] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));
}

const MODULES = path.join(SRC, 'modules');

/** The imports of a plugins/ or lib/ file that reach into modules/. */
function upwardImports(file: string, text: string): string[] {
  return importsOf(file, text)
    .filter((target) => target === MODULES || target.startsWith(`${MODULES}${path.sep}`))
    .map((target) => `${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`);
}

/** Lines as `wc -l` counts them, a last line without its newline included. */
const linesOf = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

const PRISMA_CODE = /['"`]P[12]\d{3}['"`]/;

describe('the API’s layers', () => {
  it('finds an import from lib/ into a module', () => {
    const file = path.join(SRC, 'lib', 'example.ts');
    const text = [
      "import { createSession } from '../modules/auth/sessions';",
      "import { ok } from './envelope';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(upwardImports(file, text)).toEqual([`lib${path.sep}example.ts -> modules/auth/sessions`]);
  });

  it('no file of plugins/ or lib/ imports a module (their tests may)', () => {
    const files = ['plugins', 'lib']
      .flatMap((folder) => filesBelow(path.join(SRC, folder), ['.ts']))
      .filter((file) => !isTest(file));
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) => upwardImports(file, fs.readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

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

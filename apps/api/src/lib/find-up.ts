import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds `relative` in the folder of this module or the nearest parent that has it. The same code runs
 * from src/ (tsx, tests) and from the bundle in dist/, so paths to prisma/migrations and the web build
 * are found, not hard-coded.
 */
export function findUp(relative: string, from = path.dirname(fileURLToPath(import.meta.url))): string | null {
  let dir = from;
  for (;;) {
    const candidate = path.join(dir, relative);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './settings';

// The bench measures the bundle that `pnpm start` serves (apps/api/dist/server.js). It is rebuilt with
// the API's own build when any of its inputs is newer than it; the web cabinet is not needed here.

const INPUTS = ['apps/api/src', 'packages/contracts/src', 'apps/api/build.mjs', 'apps/api/package.json'];

function newestMtime(target: string): number {
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Returns the bundle's path and what was done: 'reused' or 'built'. */
export function ensureApiBuild(): { server: string; how: string } {
  const server = path.join(repoRoot, 'apps/api/dist/server.js');
  const inputs = Math.max(...INPUTS.map((p) => newestMtime(path.join(repoRoot, p))));
  if (existsSync(server) && statSync(server).mtimeMs >= inputs) {
    return {
      server,
      how: 'reused apps/api/dist/server.js (newer than apps/api/src and packages/contracts/src)',
    };
  }
  execSync('pnpm --filter @cabinet/api run build', { cwd: repoRoot, stdio: 'inherit' });
  return {
    server,
    how: 'built apps/api/dist/server.js (`pnpm --filter @cabinet/api run build`): it was missing or older than its sources',
  };
}

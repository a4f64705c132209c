// First-load budgets of the cabinet (issue 12, decision 0111): the JavaScript a screen needs before it can
// show, brotli-compressed as the API serves it (@fastify/static preCompressed; the browser gets the .br
// file the build wrote). Run after `pnpm build`: `pnpm --filter @cabinet/web size` prints every figure and
// fails past a limit. .ci/run runs it.
//
// "Needs before it can show" is read off the build's manifest: the entry with everything it imports
// statically, plus each route module the router loads for that URL, with theirs. Chunks a screen loads
// later (a lazy step, the passkey ceremony, the first toast) are left out here; e2e/bench/first-load.mjs
// counts every byte a real browser downloads.
//
// Units: size-limit's kB (1,000 bytes), the stricter reading of the "120 KB".
import { existsSync, readFileSync } from 'node:fs';

const dist = new URL('./dist/', import.meta.url);
const manifestUrl = new URL('.vite/manifest.json', dist);
if (!existsSync(manifestUrl)) throw new Error('apps/web/dist has no build manifest: run `pnpm build` first');
const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8'));

/** The built files a screen needs: the given sources (manifest keys) and their static imports. */
function filesOf(sources) {
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: update apps/web/.size-limit.js`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return [...seen].map((key) => new URL(manifest[key].file, dist).pathname);
}

export default [
  {
    name: 'sign-in screen (/app/auth-app): JS before it shows',
    path: filesOf(['index.html', 'src/app/layouts/auth-layout.tsx', 'src/routes/sign-in-route.tsx']),
    brotli: true,
    limit: '120 kB',
  },
  {
    name: 'home (/app/, signed in): JS before it shows',
    path: filesOf([
      'index.html',
      'src/app/signed-in-shell.tsx',
      'src/app/layouts/default-layout.tsx',
      'src/routes/home-route.tsx',
    ]),
    brotli: true,
    limit: '200 kB',
  },
];

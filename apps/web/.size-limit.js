// First-load budgets of the cabinet, the static part (issue 12, decisions 0111 and 0290): the JavaScript a
// screen needs before it can show, brotli-compressed as the API serves it (@fastify/static preCompressed;
// the browser gets the .br file the build wrote). Run after `pnpm build`: `pnpm --filter @cabinet/web size`
// prints every figure and fails past a limit. .ci/run runs it; it needs neither a server nor a browser.
//
// "Needs before it can show" is read off the build's manifest: the entry with everything it imports
// statically, plus each route module the router loads for that URL, with theirs. What a screen loads after
// that (its calls' schemas, a lazy step, the passkey ceremony) is counted by the budgets' browser check,
// e2e/first-load-budget.spec.ts (in `pnpm test`), which is the one that decides; both read their limits
// from first-load-budgets.json.
//
// Units: size-limit's kB (1,000 bytes), the stricter reading of the "120 KB".
import { existsSync, readFileSync } from 'node:fs';

const { screens } = JSON.parse(readFileSync(new URL('./first-load-budgets.json', import.meta.url), 'utf8'));

const dist = new URL('./dist/', import.meta.url);
const manifestUrl = new URL('.vite/manifest.json', dist);
if (!existsSync(manifestUrl)) throw new Error('apps/web/dist has no build manifest: run `pnpm build` first');
const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8'));

/**
 * The manifest key of a first-load group's chunk (vite.config.ts, decision 0292): the screens' route modules
 * are not chunks of their own but part of these, named after the group.
 */
function group(name) {
  const keys = Object.keys(manifest).filter((key) => new RegExp(`^_${name}-[\\w-]+[.]js$`).test(key));
  if (keys.length !== 1)
    throw new Error(`no single '${name}' chunk in the build manifest: see vite.config.ts`);
  return keys[0];
}

/** The built files a screen needs: the given chunks (manifest keys) and their static imports. */
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
    name: `sign-in screen (${screens['sign-in'].url}): JS before it shows`,
    // The sign-in card: its route and layout.
    path: filesOf(['index.html', group('sign-in')]),
    brotli: true,
    limit: `${screens['sign-in'].limitKB} kB`,
  },
  {
    name: `home (${screens.home.url}, signed in): JS before it shows`,
    // The signed-in shell, the header and home; its calls' schemas ('calls') come with the first call.
    path: filesOf(['index.html', group('cabinet')]),
    brotli: true,
    limit: `${screens.home.limitKB} kB`,
  },
];

// Bundles the API into dist/server.js, and the release step's migration runner into dist/migrate.js. Workspace
// packages (contracts: TypeScript source) and the generated Prisma client are bundled; every npm dependency
// stays external and is loaded from node_modules. HTML templates (the test-mode payment page) are copied next
// to the bundle: a module reads its template from new URL('./name.html', import.meta.url), which is its own
// folder in src/ and dist/ in the bundle.
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@cabinet/'));

await build({
  entryPoints: ['src/server.ts', 'src/migrate.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
const templates = readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.html'),
);
const names = templates.map((file) => path.basename(file));
const clash = names.find((name, i) => names.indexOf(name) !== i);
if (clash) throw new Error(`two templates named ${clash}: dist/ holds them side by side`);
for (const file of templates) copyFileSync(path.join('src', file), path.join('dist', path.basename(file)));
// The translations (src/i18n/catalogue.ts): each language's folder of area catalogues beside the bundle, as
// beside the catalogue module in src/, and the contracts' files in dist/contracts/.
const languages = readdirSync('src/i18n', { withFileTypes: true }).filter((entry) => entry.isDirectory());
for (const { name } of languages)
  cpSync(path.join('src/i18n', name), path.join('dist', name), { recursive: true });
const contracts = '../../packages/contracts/src/i18n';
mkdirSync('dist/contracts', { recursive: true });
for (const file of readdirSync(contracts).filter((file) => /^[a-z]{2}\.json$/.test(file))) {
  copyFileSync(path.join(contracts, file), path.join('dist/contracts', file));
}
console.log(
  `apps/api/dist/server.js and migrate.js built, with ${names.join(', ')} and the translations (${languages.map(({ name }) => name).join(', ')})`,
);

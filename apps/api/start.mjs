// `pnpm start`: serves the built product, building it first when a build is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = fileURLToPath(new URL('./dist/server.js', import.meta.url));
const web = fileURLToPath(new URL('../web/dist/index.html', import.meta.url));
if (!existsSync(server) || !existsSync(web)) {
  console.log('No build found: building the API and the web cabinet first (pnpm build)…');
  execSync('pnpm build', { cwd: root, stdio: 'inherit' });
}
// DATA_DIR (default ./data) and the like are relative to the repository root, whatever the caller's folder.
process.chdir(root);
await import(server);

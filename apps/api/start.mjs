// `pnpm start`: serves the built product, building it first when a build is missing.
import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MEMORY_ENV, NODE_FLAGS } from './node-flags.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = fileURLToPath(new URL('./dist/server.js', import.meta.url));
const web = fileURLToPath(new URL('../web/dist/index.html', import.meta.url));
if (!existsSync(server) || !existsSync(web)) {
  console.log('No build found: building the API and the web cabinet first (pnpm build)…');
  execSync('pnpm build', { cwd: root, stdio: 'inherit' });
}
// The server runs as a child with the node flags and malloc settings the image uses (node-flags.mjs,
// decision 0119): they must be given when a process starts. DATA_DIR (default ./data) and the like are
// relative to the repository root, whatever the caller's folder.
const child = spawn(process.execPath, [...NODE_FLAGS, server], {
  cwd: root,
  env: { ...MEMORY_ENV, ...process.env },
  stdio: 'inherit',
});
// Ctrl-C reaches the whole process group; a SIGTERM sent to this process alone is passed on, so the
// server's graceful stop (decision 0062) still runs.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});

import fs from 'node:fs';
import { startStack } from './support/stack';

export const PORT = Number(process.env.E2E_PORT ?? 3190);
// Per port, so two runs on different E2E_PORTs (parallel work on one machine) do not read each other's.
export const STACK_FILE = `/tmp/cabinet-e2e-stack-${PORT}.json`;

/** Starts the stack once for all workers; its addresses are handed over through a small file. */
export default async function globalSetup() {
  const stack = await startStack(PORT);
  fs.writeFileSync(
    STACK_FILE,
    JSON.stringify({
      baseURL: stack.baseURL,
      mailboxURL: stack.mailboxURL,
      dataDir: stack.dataDir,
      databaseUrl: stack.databaseUrl,
    }),
  );
  return async () => {
    await stack.stop();
    fs.rmSync(STACK_FILE, { force: true });
  };
}

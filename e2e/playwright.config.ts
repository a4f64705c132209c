import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3190);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '/tmp/cabinet-e2e-results',
  use: {
    // localhost, as PUBLIC_URL (support/stack.ts): passkeys need a host name.
    baseURL: `http://localhost:${PORT}`,
    locale: 'ru-RU',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium where it is installed (this machine, CI); Playwright's own build elsewhere.
      executablePath:
        process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1440, height: 900 } } }],
});

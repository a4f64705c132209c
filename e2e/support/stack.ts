import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../../apps/api/test/database';
import { SmtpPeer } from '../../apps/api/test/smtp-peer';

// The whole product for the browser tests: the BUILT server (API + cabinet) on a fresh PostgreSQL
// database, sending mail to a real SMTP peer whose mailbox the tests read over HTTP.

const root = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN_EMAIL = 'admin@e2e.test';
export const ABOUT_URL = 'https://about.example.com/cabinet';
export const SUPPORT_EMAIL = 'help@e2e.test';

/**
 * The UDP port of the browser flows' DNS server, beside the stack's own (E2E_PORT + 20000): the server asks
 * it through DNS_SERVERS, and e2e/domains.spec.ts starts it there and sets the TXT records (issue 30).
 */
export const dnsPort = (port: number) => port + 20_000;

export interface Stack {
  baseURL: string;
  mailboxURL: string;
  /** The server's DATA_DIR: its test-mode payment secret signs notifications in the payment flows. */
  dataDir: string;
  /** The stack's database, for states no API call makes (a plan that ended days ago: support/sql.ts). */
  databaseUrl: string;
  stop(): Promise<void>;
}

function startMailbox(smtp: SmtpPeer): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const email = (url.searchParams.get('email') ?? '').toLowerCase();
    const after = Number(url.searchParams.get('after') ?? '0');
    if (url.pathname === '/count') {
      res.end(String(smtp.mailsTo(email).length));
      return;
    }
    try {
      // /text: the whole text part of the mail (an invitation's link); /code: its 6-digit code.
      if (url.pathname === '/text') res.end((await smtp.nextMail(email, after, 10_000)).text);
      else res.end(await smtp.nextCode(email, after, 10_000));
    } catch (error) {
      res.statusCode = 404;
      res.end(String(error));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function waitReady(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/** `env`: more settings for this server (a second stack with YooKassa: yookassa.spec.ts). */
export async function startStack(port: number, env: Record<string, string> = {}): Promise<Stack> {
  const serverJs = path.join(root, 'apps/api/dist/server.js');
  if (!fs.existsSync(serverJs) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: pnpm build');
  }
  const db = await createTestDatabase('cabinet_e2e');
  const smtp = new SmtpPeer();
  const smtpUrl = await smtp.start();
  const mailbox = await startMailbox(smtp);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cabinet-e2e-'));
  // A host name, not an address: browsers refuse WebAuthn (passkeys) on an IP address, and PUBLIC_URL, the
  // passkeys' relying party, must be where the browser is (decision 0142).
  const baseURL = `http://localhost:${port}`;
  let output = '';
  const server = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATABASE_URL: db.url,
      SMTP_URL: smtpUrl,
      ADMIN_EMAILS: ADMIN_EMAIL,
      DATA_DIR: dataDir,
      LOGIN_RATE_LIMIT: '10000',
      // The header's links (decision 0161); FAQ_URL stays unset, so its link must not show.
      ABOUT_URL: ABOUT_URL,
      SUPPORT_EMAIL: SUPPORT_EMAIL,
      LOG_LEVEL: 'warn',
      // Webhooks (issue 31): the tests' receivers are plain http on this machine.
      SECRETS_KEY: 'e2e-secrets-key-of-at-least-32-characters',
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // Domain proofs (issue 30): the test DNS server domains.spec.ts runs on this machine.
      DNS_SERVERS: `127.0.0.1:${dnsPort(port)}`,
      // Single sign-on (issue 30): the tests' OIDC provider is plain http on this machine.
      SSO_ALLOW_PRIVATE: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  await waitReady(baseURL, server, () => output);
  return {
    baseURL,
    mailboxURL: `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`,
    dataDir,
    databaseUrl: db.url,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
      mailbox.close();
      await smtp.stop();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

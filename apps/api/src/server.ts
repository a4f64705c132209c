import { createMailer } from './adapters/smtp';
import { buildApp } from './app';
import { EnvError, loadEnv } from './env';
import { secretsKeyProblem } from './lib/secrets-key-check';
import { adminRuleNotice } from './modules/auth/first-admin';
import { migrate, openDatabase } from './plugins/db/database';

const HEADERS_TIMEOUT_MS = 10_000;
/** Requests in flight get this long to finish after SIGTERM. */
const DRAIN_MS = 8_000;
const EXIT_MS = 10_000;

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  // Traces (decision 0262): started before the app so every Fastify instance gets its request spans; without
  // OTEL_EXPORTER_OTLP_ENDPOINT nothing of OpenTelemetry is loaded.
  const telemetry = env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await (await import('./adapters/opentelemetry')).startTelemetry({
        endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: env.OTEL_SERVICE_NAME,
      })
    : null;
  const bootLog = { info: (msg: string) => process.stdout.write(`${msg}\n`) };
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    log: bootLog,
    poolMax: env.DATABASE_POOL_MAX,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'on',
  });
  const applied = await migrate(database);
  // Sealed secrets need the key they were sealed with: refuse to start without it (decision 0253).
  const keyProblem = await secretsKeyProblem(database.prisma, env.SECRETS_KEY);
  if (keyProblem) {
    process.stderr.write(`Invalid configuration:\n  ${keyProblem}\n`);
    await database.close();
    process.exit(1);
  }
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: { info: () => {} } });
  // With traces, each log line written within a request carries its trace_id and span_id.
  const logger = telemetry ? { level: env.LOG_LEVEL, mixin: telemetry.logMixin } : undefined;
  const app = await buildApp({ env, database, mailer, logger });
  app.mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log });

  app.log.info(
    applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date',
  );
  const admins = adminRuleNotice(env);
  app.log[admins.level](admins.message);
  if (!env.LOGIN_CODE_SECRET)
    app.log.info(
      'LOGIN_CODE_SECRET is not set: sign-in codes are keyed with a secret kept in DATA_DIR; several API processes must share one LOGIN_CODE_SECRET',
    );
  if (env.TRUST_PROXY !== false)
    app.log.info(
      `TRUST_PROXY: client addresses are read from X-Forwarded-For of ${describeProxies(env.TRUST_PROXY)}`,
    );
  if (!env.SMTP_URL) app.log.warn('SMTP_URL is not set: sign-in codes are printed to this log');
  if (!env.YOOMONEY_RECEIVER || !env.YOOMONEY_SECRET)
    app.log.warn('Payments run in test mode (no YooMoney settings)');

  // Slow or stuck clients: headers must arrive within 10 s, a whole request within requestTimeout (app.ts),
  // and the server looks for such connections every 2 s rather than Node's default 30 s (decision 0062).
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  (app.server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval = 2_000;

  // Graceful stop (decision 0062): stop accepting, let requests in flight finish, cut what is still open
  // after DRAIN_MS, close Redis, the pool and the embedded database, and exit 0. Past EXIT_MS the process
  // exits 1 whatever it is waiting for, before an orchestrator's SIGKILL (Docker waits 10 s).
  let closing = false;
  // A response finished while stopping closes its connection, so keep-alive clients reconnect elsewhere at
  // once instead of holding this process until the drain time runs out.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    setTimeout(() => {
      app.log.error(`Still stopping after ${EXIT_MS} ms: exiting now`);
      process.exit(1);
    }, EXIT_MS).unref();
    setTimeout(() => {
      app.log.warn('Cutting connections still open after the drain time');
      app.server.closeAllConnections();
    }, DRAIN_MS).unref();
    let failed = false;
    for (const [what, step] of [
      ['HTTP server and plugins', () => app.close()],
      [
        'mailer',
        async () => {
          mailer.close();
          app.mailer.close();
        },
      ],
      ['database', () => database.close()],
      ['traces exporter', async () => telemetry?.shutdown()],
    ] as const) {
      try {
        await step();
      } catch (error) {
        failed = true;
        app.log.error({ err: error }, `Stopping the ${what} failed`);
      }
    }
    app.log.info('Stopped');
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Cabinet: ${env.PUBLIC_URL}/app/`);
}

function describeProxies(trust: number | string[]): string {
  return typeof trust === 'number' ? `the nearest ${trust} proxy hop(s)` : `proxies at ${trust.join(', ')}`;
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

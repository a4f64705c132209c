import { DEFAULT_BODY_LIMIT } from '@cabinet/contracts';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Mailer } from './adapters/smtp';
import { type Env, trustProxyOption } from './env';
import { isTableRoute } from './lib/endpoint-routes';
import { createJobRunner, type JobRunner } from './lib/jobs';
import { responseSerializerCompiler } from './lib/json-serializer';
import { countWebhookDelivery, setWebhookBacklogReader } from './lib/metrics';
import { createMailOutbox, type MailOutbox } from './lib/outbox';
import { webhookBacklog } from './lib/webhooks/events';
import { createWebhookSender, WEBHOOK_JOB, type WebhookSender, webhookJob } from './lib/webhooks/runner';
import { onWebhookTry } from './lib/webhooks/sender';
import adminRoutes from './modules/admin/admin.routes';
import { auditRetentionJob } from './modules/audit/audit.retention';
import auditRoutes from './modules/audit/audit.routes';
import authRoutes from './modules/auth/auth.routes';
import { pruneIdentityFlowsJob } from './modules/auth/identity-flows';
import { billingJobs } from './modules/billing/billing.jobs';
import billingRoutes from './modules/billing/billing.routes';
import checkoutRoutes from './modules/checkout/checkout.routes';
import desktopRoutes from './modules/desktop/desktop.routes';
import domainsRoutes from './modules/domains/domains.routes';
import filesRoutes from './modules/files/files.routes';
import healthRoutes from './modules/health/health.routes';
import identitiesRoutes from './modules/identities/identities.routes';
import invitationsRoutes from './modules/invitations/invitations.routes';
import oauthRoutes from './modules/oauth/oauth.routes';
import { pruneUserLookupsJob } from './modules/organizations/known-accounts';
import organizationsRoutes from './modules/organizations/organizations.routes';
import { pruneChallengesJob } from './modules/passkeys/challenges';
import passkeysRoutes from './modules/passkeys/passkeys.routes';
import paymentNotificationsRoutes from './modules/payment-notifications/payment-notifications.routes';
import paymentsRoutes from './modules/payments/payments.routes';
import plansRoutes from './modules/plans/plans.routes';
import profileRoutes from './modules/profile/profile.routes';
import refundsRoutes from './modules/refunds/refunds.routes';
import sandboxRoutes from './modules/sandbox/sandbox.routes';
import scimRoutes from './modules/scim/scim.routes';
import sessionsRoutes from './modules/sessions/sessions.routes';
import siteRoutes from './modules/site/site.routes';
import ssoRoutes from './modules/sso/sso.routes';
import tokensRoutes from './modules/tokens/tokens.routes';
import transfersRoutes from './modules/transfers/transfers.routes';
import { purgeUnverifiedAccountsJob } from './modules/users/unverified-accounts';
import usersRoutes from './modules/users/users.routes';
import webhooksRoutes from './modules/webhooks/webhooks.routes';
import authPlugin from './plugins/auth';
import type { Database } from './plugins/db/database';
import dbPlugin from './plugins/db/index';
import errorsPlugin, { frameworkErrorHandler } from './plugins/errors';
import jsonBodies from './plugins/json-bodies';
import localePlugin from './plugins/locale';
import metricsPlugin from './plugins/metrics';
import openapiPlugin from './plugins/openapi';
import rateLimitPlugin, { type RateLimits } from './plugins/rate-limit';
import securityHeaders from './plugins/security-headers';
import storagePlugin from './plugins/storage';
import webPlugin from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Env;
    mailer: Mailer;
    /** Background jobs on pg-boss (lib/jobs.ts; decision 0150). */
    jobs: JobRunner;
    /** The mail outbox (lib/outbox.ts; decision 0151). */
    outbox: MailOutbox;
    /** The webhook sender (lib/webhooks; decision 0250). */
    webhooks: WebhookSender;
  }
}

export interface BuildAppOptions {
  env: Env;
  /** Opened and migrated by the caller (server.ts or a test), which also closes it. */
  database: Database;
  mailer: Mailer;
  rateLimits?: Partial<RateLimits>;
  /** Folder of the built web cabinet; null serves none. Found next to the repo when omitted. */
  webDist?: string | null;
  logger?: boolean | object;
  /** The clock of every request context (lib/context.ts); tests pass one they can move. */
  now?: () => Date;
  /** Start the job queue's worker and schedules when the app is ready (default true); tests run jobs by hand. */
  startJobs?: boolean;
}

export async function buildApp(options: BuildAppOptions) {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    // Each table route has its own limit (lib/endpoint-routes.ts, decision 0192); this is everything else's.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // request.ip (sign-in limits, first-admin rule) comes from X-Forwarded-For only as TRUST_PROXY allows.
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    // A whole request (a 20 MB upload on a slow line included) must finish within 5 minutes.
    requestTimeout: 300_000,
    connectionTimeout: 305_000,
    // The table's paths have no trailing slash; one sent anyway reaches the same call, as before the table.
    routerOptions: { maxParamLength: 512, ignoreTrailingSlash: true },
    // Bad %-escapes and over-long path segments fail in the router, before the error handler: same envelope.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', env);
  app.decorate('mailer', options.mailer);

  // First of the request hooks: everything after it runs in the request's language (decision 0302).
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeaders);
  await app.register(jsonBodies);
  await app.register(formbody);
  await app.register(dbPlugin, { database: options.database });
  // Request durations of every route after it, and GET /metrics (issue 31, decision 0260).
  await app.register(metricsPlugin);
  // Before auth: every request context carries the outbox. Read per call: server.ts may replace the mailer.
  let jobs: JobRunner | null = null;
  const outbox = createMailOutbox({
    prisma: app.prisma,
    mailer: () => app.mailer,
    now: () => app.now(),
    log: app.log,
    retryLater: async (afterSeconds) => jobs?.request('mail-outbox', { afterSeconds }),
  });
  app.decorate('outbox', outbox);
  await app.register(storagePlugin);
  await app.register(authPlugin, { now: options.now });
  await app.register(rateLimitPlugin, { emailLookups: options.rateLimits?.emailLookups });
  await app.register(openapiPlugin);

  const rateLimits: RateLimits = {
    loginSend: env.LOGIN_RATE_LIMIT,
    loginVerify: Math.ceil(env.LOGIN_RATE_LIMIT * 1.5),
    ...options.rateLimits,
  };
  // Every API route comes from the contracts' endpoint table (lib/endpoint-routes.ts): one registered
  // any other way would be missing from the OpenAPI document and from the web's calls, so it stops the start.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.method === 'HEAD')
      return;
    if (!isTableRoute(route)) throw new Error(`${route.method} ${route.url} is not in the endpoint table`);
  });

  // Modules, registered by hand so the list of areas is visible here; their paths come from the table.
  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(authRoutes(rateLimits));
  // Devices and sessions, and passkeys (issue 14); their static profile/ paths win over profile/{id}.
  await app.register(sessionsRoutes);
  // Personal access tokens (issue 29); profile/tokens is static, so it wins over profile/{id} too.
  await app.register(tokensRoutes);
  await app.register(passkeysRoutes(rateLimits));
  // Single sign-on through an organization's own OIDC provider (issue 30): settings, test, sign-in.
  await app.register(ssoRoutes(rateLimits));
  // Yandex ID sign-in and the linked accounts of 'Безопасность' (issue 30); profile/identities is static.
  await app.register(identitiesRoutes(rateLimits));
  await app.register(profileRoutes);
  await app.register(usersRoutes);
  await app.register(adminRoutes);
  await app.register(organizationsRoutes);
  // Teams (issue 13): invitations by e-mail and two-step ownership transfer, beside organizations.
  await app.register(invitationsRoutes);
  await app.register(transfersRoutes);
  await app.register(desktopRoutes);
  await app.register(plansRoutes);
  // Payments: the history and mode, checkout, the provider's callback, the test-mode sandbox, refund cases.
  await app.register(paymentsRoutes);
  await app.register(checkoutRoutes);
  await app.register(paymentNotificationsRoutes);
  await app.register(sandboxRoutes);
  await app.register(refundsRoutes);
  await app.register(filesRoutes);
  await app.register(auditRoutes);
  // Billing (issue 15): receipts, jobs run by hand, the revenue dashboard, the admins' payments list.
  await app.register(billingRoutes);
  // Issue 29: the device authorization grant (RFC 8628), its metadata (RFC 8414) and the admins' 'Приложения'.
  await app.register(oauthRoutes);
  // Webhooks (issue 31): an organization's endpoints and install-wide ones, their deliveries.
  await app.register(webhooksRoutes);
  // Issue 30: an organization's verified domains (a TXT record proves each), for SSO and SCIM.
  await app.register(domainsRoutes);
  // Issue 30: SCIM 2.0 at /scim/v2 (the organization's token, SCIM's shapes) and the token in its settings.
  await app.register(scimRoutes(rateLimits));

  await app.register(webPlugin, { webDist: options.webDist });

  // Webhooks: a pass in this process after each change that answered; retries at their time on pg-boss.
  const retryWebhooks = async (afterSeconds: number) => jobs?.request(WEBHOOK_JOB, { afterSeconds });
  const webhooks = createWebhookSender({
    prisma: app.prisma,
    config: env,
    now: () => app.now(),
    log: app.log,
    outbox,
    retryLater: retryWebhooks,
  });
  app.decorate('webhooks', webhooks);
  // The metrics count each try and read the backlog (decision 0260).
  onWebhookTry(countWebhookDelivery);
  setWebhookBacklogReader(async () => (await webhookBacklog(app.prisma)).pending);
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) void webhooks.flush();
  });

  // Background jobs: a worker in every process, each scheduled run taken by one of them (decision 0150).
  jobs = createJobRunner({
    pool: options.database.pool,
    prisma: app.prisma,
    log: app.log,
    config: env,
    outbox,
    now: () => app.now(),
    jobs: [
      purgeUnverifiedAccountsJob,
      auditRetentionJob(env.AUDIT_RETENTION_DAYS),
      pruneChallengesJob,
      pruneIdentityFlowsJob,
      pruneUserLookupsJob,
      ...billingJobs(() => app.mailer),
      webhookJob(retryWebhooks),
    ],
  });
  app.decorate('jobs', jobs);
  // Not awaited: a database that is down at start must not stop the API; the runner keeps trying.
  if (options.startJobs !== false) app.addHook('onReady', async () => void jobs?.start());
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await webhooks.idle();
    await outbox.idle();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

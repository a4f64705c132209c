import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { SignInMethod } from './sessions';

/**
 * Prometheus metrics (issue 31, decision 0260). Two registries: this process's (process and event-loop
 * metrics, and the counters below, which module code bumps without an app at hand) and each app's own
 * (plugins/metrics.ts: request durations and the gauges read from its database at a scrape). Every label
 * value comes from a short fixed list or a route template: never a raw path, an id or an address.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'cabinet_' });

export type SignInResult = 'success' | 'failure';
export type PaymentProvider = 'yoomoney' | 'test' | 'yookassa';
export type PaymentResult = 'succeeded' | 'duplicate' | 'refused' | 'failed' | 'refunded';
/** One webhook try: delivered, failed and retried later, or failed for good (lib/webhooks/sender.ts). */
export type WebhookDeliveryResult = 'succeeded' | 'retrying' | 'failed';

const signIns = new Counter({
  name: 'cabinet_sign_ins_total',
  help: 'Sign-in attempts by method and result',
  labelNames: ['method', 'result'] as const,
  registers: [processRegistry],
});
const payments = new Counter({
  name: 'cabinet_payments_total',
  help: 'Payment notifications by provider and result',
  labelNames: ['provider', 'result'] as const,
  registers: [processRegistry],
});
const webhookDeliveries = new Counter({
  name: 'cabinet_webhook_deliveries_total',
  help: 'Webhook delivery attempts by result',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

export function countSignIn(method: SignInMethod, result: SignInResult): void {
  signIns.inc({ method, result });
}

export function countPayment(provider: PaymentProvider, result: PaymentResult): void {
  payments.inc({ provider, result });
}

export function countWebhookDelivery(result: WebhookDeliveryResult): void {
  webhookDeliveries.inc({ result });
}

/** Undelivered webhook events; the webhooks module sets the reader (its table may not exist before). */
type BacklogReader = () => Promise<number>;
let webhookBacklogReader: BacklogReader | null = null;

export function setWebhookBacklogReader(reader: BacklogReader | null): void {
  webhookBacklogReader = reader;
}

new Gauge({
  name: 'cabinet_webhook_backlog',
  help: 'Webhook deliveries waiting to be sent',
  registers: [processRegistry],
  async collect() {
    if (!webhookBacklogReader) return this.set(0);
    // A failed read (no table yet, database down) shows as no sample rather than a wrong zero.
    const backlog = await webhookBacklogReader().catch(() => Number.NaN);
    this.set(backlog);
  },
});

/** Request methods as labels: anything else (a made-up verb) is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function methodLabel(method: string): string {
  return METHODS.has(method) ? method : 'OTHER';
}

/** Buckets from 5 ms to 10 s: the API's calls answer in milliseconds, uploads and exports in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface AppMetricSources {
  /** Mail outbox rows not sent yet, and the age of the oldest in seconds. */
  mailOutbox: () => Promise<{ backlog: number; oldestAgeSeconds: number }>;
  /** pg-boss jobs waiting or running, by queue and state; empty before the queue has its schema. */
  jobQueues: () => Promise<Array<{ queue: string; state: string; size: number }>>;
  /** The database pool right now. */
  pool: () => { inUse: number; idle: number; waiting: number };
}

/** One app's registry: its request durations and the gauges read from its sources at each scrape. */
export function createAppMetrics(sources: AppMetricSources) {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'cabinet_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // One read serves both outbox gauges of a scrape (their collect() run side by side).
  const readOutbox = shared(() => sources.mailOutbox().catch(() => null));
  new Gauge({
    name: 'cabinet_mail_outbox_backlog',
    help: 'Mails in the outbox not sent yet',
    registers: [registry],
    async collect() {
      const outbox = await readOutbox();
      this.set(outbox ? outbox.backlog : Number.NaN);
    },
  });
  new Gauge({
    name: 'cabinet_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail not sent yet (0 when none waits)',
    registers: [registry],
    async collect() {
      const outbox = await readOutbox();
      this.set(outbox ? outbox.oldestAgeSeconds : Number.NaN);
    },
  });
  new Gauge({
    name: 'cabinet_job_queue_size',
    help: 'Background jobs waiting (created, retry) or running (active), by queue',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const rows = await sources.jobQueues().catch(() => []);
      this.reset();
      for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.size);
    },
  });
  new Gauge({
    name: 'cabinet_db_pool_connections',
    help: 'Database pool connections in use and idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool();
      this.set({ state: 'in_use' }, pool.inUse);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    contentType: registry.contentType,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requestDuration.observe({ method: methodLabel(method), route, status: String(status) }, seconds);
    },
    /** The exposition text of this process's and this app's metrics (their names never overlap). */
    async text(): Promise<string> {
      const [own, shared] = await Promise.all([registry.metrics(), processRegistry.metrics()]);
      return `${shared}\n${own}`;
    },
  };
}

/** Calls made while one is pending share its promise. */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().finally(() => {
      pending = null;
    });
    return pending;
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

import { postWebhook, type WebhookTry } from '../../adapters/webhook-receivers';
import type { Env } from '../../env';
import type { WebhookEndpoint } from '../../generated/prisma/client';
import type { Prisma } from '../../plugins/db/database';
import type { MailOutbox } from '../outbox';
import { openSecret } from '../secret-box';
import { disableFailingEndpoint } from './disable';

// Sends the webhook outbox (docs/decisions/0250-webhooks.md): each try is one signed POST by the receivers'
// adapter (adapters/webhook-receivers.ts); 2xx is success, otherwise retried 5 s, 5 min, 30 min, 2 h, 5 h and
// 10 h later, then failed. Every try is recorded with its status, duration and the first 2 KB of the answer
// (or why it was not sent). An endpoint failing for 5 days is disabled and its owners are mailed.

interface Logger {
  warn(obj: object, msg: string): void;
}

/** The waits after the 1st…6th failed try; the 7th failure is final. */
export const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600];
/** A try in progress holds its row this long; a process that dies mid-send leaves it to the next run. */
const LEASE_MS = 60_000;

export interface SendOptions {
  prisma: Prisma;
  config: Env;
  now: Date;
  log: Logger;
  outbox: MailOutbox;
}

interface Claimed {
  id: bigint;
  endpoint_id: number;
  message_id: string;
  payload: string;
  attempts: number;
}

/** The result of one try, as counted for the metrics: 'succeeded', 'retrying', 'failed' or 'refused'. */
export type TryResult = 'succeeded' | 'retrying' | 'failed';

/** Hook for the metrics side: called once per try with its result (the delivery-result counting point). */
let onTry: ((result: TryResult) => void) | null = null;
export const onWebhookTry = (listener: ((result: TryResult) => void) | null) => {
  onTry = listener;
};

async function claim(prisma: Prisma, now: Date, onlyId?: bigint): Promise<Claimed | undefined> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const rows = onlyId
    ? await prisma.$queryRaw<Claimed[]>`
        UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ${lease}, status = 'pending'
        WHERE id = ${onlyId} RETURNING id, endpoint_id, message_id, payload, attempts`
    : await prisma.$queryRaw<Claimed[]>`
        UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ${lease}
        WHERE id = (
          SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ${now}
          ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, endpoint_id, message_id, payload, attempts`;
  return rows[0];
}

/** One try: the endpoint's secrets opened (SECRETS_KEY), then the adapter's signed POST. */
async function post(
  { config, now }: SendOptions,
  endpoint: WebhookEndpoint,
  delivery: Claimed,
): Promise<WebhookTry> {
  const refused = (error: string): WebhookTry => ({ statusCode: null, answer: '', error });
  if (!config.SECRETS_KEY) return refused('refused: SECRETS_KEY is not set');
  const key = config.SECRETS_KEY;
  let secrets: string[];
  try {
    secrets = [openSecret(key, endpoint.secret)];
    if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
      secrets.push(openSecret(key, endpoint.previousSecret));
    }
  } catch (err) {
    return refused(err instanceof Error ? err.message : String(err));
  }
  return postWebhook(
    endpoint.url,
    { messageId: delivery.message_id, payload: delivery.payload, secrets },
    { allowHttp: config.WEBHOOKS_ALLOW_HTTP, allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE },
  );
}

/** One try of one claimed delivery, recorded; answers its result. */
async function attempt(options: SendOptions, delivery: Claimed): Promise<TryResult> {
  const { prisma, now } = options;
  const endpoint = await prisma.webhookEndpoint.findUnique({ where: { id: delivery.endpoint_id } });
  if (!endpoint) return 'failed';
  const started = Date.now();
  const { statusCode, answer, error } = await post(options, endpoint, delivery);
  const duration = Date.now() - started;
  const succeeded = error === null;
  const delay = RETRY_DELAYS_S[delivery.attempts - 1];
  const result: TryResult = succeeded ? 'succeeded' : delay === undefined ? 'failed' : 'retrying';
  await prisma.$transaction([
    prisma.webhookAttempt.create({
      data: {
        deliveryId: delivery.id,
        at: now,
        statusCode,
        durationMs: duration,
        response: answer.split(String.fromCharCode(0)).join(''),
        error: error?.slice(0, 500) ?? null,
      },
    }),
    prisma.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        status: result === 'retrying' ? 'pending' : result,
        lastStatus: statusCode,
        lastError: error?.slice(0, 500) ?? null,
        nextAttemptAt: result === 'retrying' ? new Date(now.getTime() + (delay ?? 0) * 1000) : null,
        finishedAt: result === 'retrying' ? null : now,
      },
    }),
    prisma.webhookEndpoint.updateMany({
      where: { id: endpoint.id, ...(succeeded ? {} : { failingSince: null }) },
      data: { failingSince: succeeded ? null : now },
    }),
  ]);
  if (!succeeded) await disableFailingEndpoint(options, endpoint.id);
  onTry?.(result);
  return result;
}

/**
 * Sends the deliveries that are due, oldest first, each claimed under a lease (SKIP LOCKED: processes share
 * the work). Answers how many tries were made and the soonest retry asked for (seconds), if any.
 */
export async function deliverDue(options: SendOptions & { limit?: number }) {
  let tries = 0;
  let retryAfter: number | null = null;
  for (let i = 0; i < (options.limit ?? 200); i++) {
    const delivery = await claim(options.prisma, options.now);
    if (!delivery) break;
    const result = await attempt(options, delivery);
    tries++;
    const delay = RETRY_DELAYS_S[delivery.attempts - 1];
    if (result === 'retrying' && delay !== undefined) retryAfter = Math.min(retryAfter ?? delay, delay);
  }
  return { tries, retryAfter };
}

/** Sends one delivery now, whatever its state (the test and the retry by hand). */
export async function deliverNow(options: SendOptions, deliveryId: bigint): Promise<TryResult | null> {
  const delivery = await claim(options.prisma, options.now, deliveryId);
  return delivery ? attempt(options, delivery) : null;
}

import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@cabinet/contracts';
import type { Db, Tx } from '../../plugins/db/database';

// The webhook outbox (docs/decisions/0250-webhooks.md). A verb that changes something calls emitEvent
// beside recordAudit, inside the transaction of its change: one webhook_deliveries row is written for each
// enabled endpoint subscribed to the type (the event's organization's endpoints and the install-wide
// ones), so an event commits exactly when its change does, and a change that rolls back sends nothing.
// Payloads carry codes (event types, role and status codes), never translated words.

export interface WebhookEvent {
  type: WebhookEventType | 'webhook.test';
  /** The organization the event is about: its endpoints receive it. Null: install-wide endpoints only. */
  organizationId: number | null;
  data: Record<string, unknown>;
}

/** A Standard Webhooks message id: the webhook-id header, the same on every try of a delivery. */
export const newMessageId = () => `msg_${randomBytes(16).toString('base64url')}`;

export const eventPayload = (event: WebhookEvent, now: Date) =>
  JSON.stringify({ type: event.type, timestamp: now.toISOString(), data: event.data });

/** Writes the event's deliveries in `tx`; answers how many endpoints will receive it. */
export async function emitEvent(tx: Tx, ctx: { now: Date }, event: WebhookEvent): Promise<number> {
  return tx.$executeRaw`
    INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, next_attempt_at, created_at)
    SELECT id, ${newMessageId()}, ${event.type}, ${eventPayload(event, ctx.now)}, ${ctx.now}, ${ctx.now}
    FROM webhook_endpoints
    WHERE enabled AND ${event.type} = ANY(event_types)
      AND (organization_id IS NULL OR organization_id = ${event.organizationId}::int)`;
}

/**
 * The delivery backlog for the metrics: deliveries still to be sent (pending, due or waiting for a retry)
 * and the age in seconds of the oldest of them (0 when none).
 */
export async function webhookBacklog(
  db: Db,
  now = new Date(),
): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = await db.$queryRaw<{ pending: bigint; oldest: Date | null }[]>`
    SELECT count(*) AS pending, min(created_at) AS oldest FROM webhook_deliveries WHERE status = 'pending'`;
  const oldest = row?.oldest ? Math.max(0, (now.getTime() - row.oldest.getTime()) / 1000) : 0;
  return { pending: Number(row?.pending ?? 0), oldestSeconds: oldest };
}

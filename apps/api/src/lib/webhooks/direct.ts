import type { Db } from '../../plugins/db/database';
import { eventPayload, newMessageId, type WebhookEvent } from './events';

/** One delivery of `event` to one endpoint, whatever it subscribes to ('Тест'); answers the delivery's id. */
export async function emitEventTo(db: Db, ctx: { now: Date }, endpointId: number, event: WebhookEvent) {
  const row = await db.webhookDelivery.create({
    data: {
      endpointId,
      messageId: newMessageId(),
      eventType: event.type,
      payload: eventPayload(event, ctx.now),
      nextAttemptAt: ctx.now,
      createdAt: ctx.now,
    },
    select: { id: true },
  });
  return row.id;
}

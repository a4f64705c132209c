import type { WebhookDelivery } from '@cabinet/contracts';
import type { SignedInContext } from '../../lib/context';
import { emitEventTo } from '../../lib/webhooks/direct';
import { deliverNow } from '../../lib/webhooks/sender';
import { requireDelivery, requireEndpoint, type Scope } from './webhooks.access';
import { toDelivery } from './webhooks.mapper';

// An endpoint's deliveries: the keyset list, 'Тест' and the retry by hand (decision 0250).

const withTries = { tries: { orderBy: { id: 'asc' as const } } };

const sendOptions = (ctx: SignedInContext) => ({
  prisma: ctx.prisma,
  config: ctx.config,
  now: ctx.now,
  log: ctx.log,
  outbox: ctx.outbox,
});

async function loadDelivery(ctx: SignedInContext, id: bigint): Promise<WebhookDelivery> {
  return toDelivery(
    await ctx.prisma.webhookDelivery.findUniqueOrThrow({ where: { id }, include: withTries }),
  );
}

/** Newest first; `before` is the id the previous page ended at. */
export async function listDeliveries(
  ctx: SignedInContext,
  scope: Scope,
  wid: number,
  query: { before?: number; limit: number },
): Promise<{ items: WebhookDelivery[]; next_before: number | null }> {
  await requireEndpoint(ctx, scope, wid);
  const rows = await ctx.prisma.webhookDelivery.findMany({
    where: { endpointId: wid, ...(query.before ? { id: { lt: BigInt(query.before) } } : {}) },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
    include: withTries,
  });
  const items = rows.slice(0, query.limit).map(toDelivery);
  return { items, next_before: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
}

/** 'Тест': a webhook.test event to this endpoint alone, sent now; answers the delivery with its try. */
export async function testWebhook(ctx: SignedInContext, scope: Scope, wid: number): Promise<WebhookDelivery> {
  const endpoint = await requireEndpoint(ctx, scope, wid);
  const id = await emitEventTo(ctx.prisma, ctx, endpoint.id, {
    type: 'webhook.test',
    organizationId: endpoint.organizationId,
    data: { webhook_id: endpoint.id },
  });
  await deliverNow(sendOptions(ctx), id);
  return loadDelivery(ctx, id);
}

/** Sends a delivery again now, under the same webhook-id; answers it with the new try. */
export async function retryDelivery(
  ctx: SignedInContext,
  scope: Scope,
  wid: number,
  did: number,
): Promise<WebhookDelivery> {
  const { deliveryId } = await requireDelivery(ctx, scope, wid, did);
  await deliverNow(sendOptions(ctx), deliveryId);
  return loadDelivery(ctx, deliveryId);
}

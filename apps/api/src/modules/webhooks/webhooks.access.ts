import { WEBHOOK_DELIVERY_NOT_FOUND, WEBHOOK_NOT_FOUND } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { requireManage } from '../organizations/organizations.access';

/** Whose endpoints a call is about: an organization's, or the install's (null; site admins, by the table). */
export interface Scope {
  organizationId: number | null;
}

/**
 * Who manages an organization's webhooks: its owner, its organization admins and site admins (others 403,
 * strangers 404: requireManage). Install-wide ones: site admins, which the table's role 'admin' checks.
 */
export async function requireScope(ctx: SignedInContext, scope: Scope): Promise<void> {
  if (scope.organizationId !== null) await requireManage(ctx, scope.organizationId);
}

/** The endpoint `wid` of the scope, after the scope's rule; another scope's id is 404. */
export async function requireEndpoint(ctx: SignedInContext, scope: Scope, wid: number) {
  await requireScope(ctx, scope);
  const endpoint = await ctx.prisma.webhookEndpoint.findFirst({
    where: { id: wid, organizationId: scope.organizationId },
  });
  if (!endpoint) throw notFound(text(WEBHOOK_NOT_FOUND));
  return endpoint;
}

export async function requireDelivery(ctx: SignedInContext, scope: Scope, wid: number, did: number) {
  const endpoint = await requireEndpoint(ctx, scope, wid);
  const delivery = await ctx.prisma.webhookDelivery.findFirst({
    where: { id: BigInt(did), endpointId: endpoint.id },
    select: { id: true },
  });
  if (!delivery) throw notFound(text(WEBHOOK_DELIVERY_NOT_FOUND));
  return { endpoint, deliveryId: delivery.id };
}

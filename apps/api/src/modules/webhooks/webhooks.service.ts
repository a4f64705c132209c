import { randomBytes } from 'node:crypto';
import {
  INSTALL_WIDE_EVENT_TYPES,
  type Webhook,
  type WebhookCreateSchema,
  type WebhookUpdateSchema,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { z } from 'zod';
import { checkUrl } from '../../adapters/address-guard';
import { badRequest, conflict } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { type Tx, transaction } from '../../plugins/db/database';
import { requireEndpoint, requireScope, type Scope } from './webhooks.access';
import { toWebhook } from './webhooks.mapper';

// Webhook endpoints (issue 31; decision 0250; docs/authorization/webhooks.md).

/** The old secret keeps signing beside the new one this long after a rotation. */
const ROTATION_OVERLAP_MS = 24 * 3600_000;

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks' secret form). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

function secretsKey(ctx: SignedInContext): string {
  const key = ctx.config.SECRETS_KEY;
  if (!key) throw conflict(tr('Вебхуки недоступны: администратор не задал SECRETS_KEY'));
  return key;
}

function checkFields(ctx: SignedInContext, scope: Scope, input: { url?: string; event_types?: string[] }) {
  if (input.url !== undefined) {
    try {
      checkUrl(input.url, { allowHttp: ctx.config.WEBHOOKS_ALLOW_HTTP });
    } catch {
      throw badRequest(tr('Проверьте адрес'), { url: [text('Адрес должен начинаться с https://')] });
    }
  }
  if (scope.organizationId !== null && input.event_types) {
    const wide = input.event_types.filter((t) => (INSTALL_WIDE_EVENT_TYPES as readonly string[]).includes(t));
    if (wide.length) {
      throw badRequest(tr('Проверьте события'), {
        event_types: [tr('Только для вебхуков всей установки: {events}', { events: wide.join(', ') })],
      });
    }
  }
}

/**
 * The endpoint as the audit log keeps it: the address without its query string and fragment, which
 * receivers often use for their own tokens (decision 0253).
 */
function auditUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** One audit event of an endpoint change, in the change's transaction (decision 0253). */
type WebhookAction =
  | 'webhook.created'
  | 'webhook.updated'
  | 'webhook.deleted'
  | 'webhook.secret_rotated'
  | 'webhook.secret_shown';

const auditWebhook = (
  tx: Tx,
  ctx: SignedInContext,
  scope: Scope,
  action: WebhookAction,
  targetId: number,
  details: Record<string, unknown>,
) => recordAudit(tx, ctx, { action, targetId, organizationId: scope.organizationId, details });

export async function listWebhooks(ctx: SignedInContext, scope: Scope): Promise<Webhook[]> {
  await requireScope(ctx, scope);
  const rows = await ctx.prisma.webhookEndpoint.findMany({
    where: { organizationId: scope.organizationId },
    orderBy: { id: 'asc' },
  });
  return rows.map(toWebhook);
}

export async function createWebhook(
  ctx: SignedInContext,
  scope: Scope,
  input: z.output<typeof WebhookCreateSchema>,
): Promise<Webhook & { secret: string }> {
  await requireScope(ctx, scope);
  checkFields(ctx, scope, input);
  const key = secretsKey(ctx);
  const secret = newSecret();
  const row = await transaction(ctx.prisma, async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: {
        organizationId: scope.organizationId,
        url: input.url,
        description: input.description,
        eventTypes: [...new Set(input.event_types)],
        enabled: input.enabled,
        secret: sealSecret(key, secret),
      },
    });
    await auditWebhook(tx, ctx, scope, 'webhook.created', created.id, {
      url: auditUrl(created.url),
      event_types: created.eventTypes,
      enabled: created.enabled,
    });
    return created;
  });
  return { ...toWebhook(row), secret };
}

export async function getWebhook(ctx: SignedInContext, scope: Scope, wid: number): Promise<Webhook> {
  return toWebhook(await requireEndpoint(ctx, scope, wid));
}

export async function updateWebhook(
  ctx: SignedInContext,
  scope: Scope,
  wid: number,
  input: z.output<typeof WebhookUpdateSchema>,
): Promise<Webhook> {
  const before = await requireEndpoint(ctx, scope, wid);
  checkFields(ctx, scope, input);
  const eventTypes = input.event_types ? [...new Set(input.event_types)] : undefined;
  const row = await transaction(ctx.prisma, async (tx) => {
    const updated = await tx.webhookEndpoint.update({
      where: { id: wid },
      data: {
        url: input.url,
        description: input.description,
        eventTypes,
        enabled: input.enabled,
        // Enabled again by hand: the count of failing days starts over.
        ...(input.enabled ? { failingSince: null } : {}),
      },
    });
    const changes = changedFields(
      {
        url: auditUrl(before.url),
        description: before.description,
        event_types: before.eventTypes.join(','),
        enabled: before.enabled,
      },
      {
        url: input.url === undefined ? undefined : auditUrl(input.url),
        description: input.description,
        event_types: eventTypes?.join(','),
        enabled: input.enabled,
      },
    );
    if (Object.keys(changes).length) await auditWebhook(tx, ctx, scope, 'webhook.updated', wid, changes);
    return updated;
  });
  return toWebhook(row);
}

export async function deleteWebhook(ctx: SignedInContext, scope: Scope, wid: number): Promise<void> {
  const endpoint = await requireEndpoint(ctx, scope, wid);
  await transaction(ctx.prisma, async (tx) => {
    await tx.webhookEndpoint.delete({ where: { id: wid } });
    await auditWebhook(tx, ctx, scope, 'webhook.deleted', wid, { url: auditUrl(endpoint.url) });
  });
}

/** 'Показать секрет': owners, organization admins and site admins (the scope's rule). */
export async function showSecret(
  ctx: SignedInContext,
  scope: Scope,
  wid: number,
): Promise<{ secret: string }> {
  const endpoint = await requireEndpoint(ctx, scope, wid);
  const secret = openSecret(secretsKey(ctx), endpoint.secret);
  await transaction(ctx.prisma, (tx) =>
    auditWebhook(tx, ctx, scope, 'webhook.secret_shown', wid, { url: auditUrl(endpoint.url) }),
  );
  return { secret };
}

/** A new secret; the current one becomes the previous, which signs beside it for 24 h. */
export async function rotateSecret(
  ctx: SignedInContext,
  scope: Scope,
  wid: number,
): Promise<Webhook & { secret: string }> {
  const endpoint = await requireEndpoint(ctx, scope, wid);
  const key = secretsKey(ctx);
  const secret = newSecret();
  const row = await transaction(ctx.prisma, async (tx) => {
    const rotated = await tx.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        secret: sealSecret(key, secret),
        previousSecret: endpoint.secret,
        previousSecretUntil: new Date(ctx.now.getTime() + ROTATION_OVERLAP_MS),
      },
    });
    await auditWebhook(tx, ctx, scope, 'webhook.secret_rotated', wid, { url: auditUrl(endpoint.url) });
    return rotated;
  });
  return { ...toWebhook(row), secret };
}

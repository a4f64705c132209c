import type { Webhook, WebhookDelivery } from '@cabinet/contracts';
import type {
  WebhookDelivery as DeliveryRow,
  WebhookAttempt,
  WebhookEndpoint,
} from '../../generated/prisma/client';

export const toWebhook = (row: WebhookEndpoint): Webhook => ({
  id: row.id,
  organization_id: row.organizationId,
  url: row.url,
  description: row.description,
  event_types: row.eventTypes,
  enabled: row.enabled,
  previous_secret_until: row.previousSecretUntil?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

export const toDelivery = (row: DeliveryRow & { tries: WebhookAttempt[] }): WebhookDelivery => ({
  id: Number(row.id),
  webhook_id: row.endpointId,
  message_id: row.messageId,
  event_type: row.eventType,
  status: row.status as WebhookDelivery['status'],
  attempts: row.attempts,
  last_status: row.lastStatus,
  last_error: row.lastError,
  next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  created_at: row.createdAt.toISOString(),
  tries: row.tries.map((t) => ({
    at: t.at.toISOString(),
    status_code: t.statusCode,
    duration_ms: t.durationMs,
    response: t.response,
    error: t.error,
  })),
});

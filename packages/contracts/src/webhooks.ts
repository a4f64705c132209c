import { z } from 'zod';
import { cleanText, digits, envelope, IdSchema } from './common';
import { says, textId } from './i18n/text';

// Signed webhooks (issue 31; docs/decisions/0250-webhooks.md): endpoints of an organization or of the whole
// install, events as JSON {type, timestamp, data}, deliveries signed by the Standard Webhooks rules.

/** Every event type, as sent in `type`. */
export const WEBHOOK_EVENT_TYPES = [
  'organization.created',
  'organization.updated',
  'organization.deleted',
  'member.added',
  'member.removed',
  'member.role_changed',
  'invitation.created',
  'invitation.accepted',
  'invitation.declined',
  'invitation.revoked',
  'ownership.transferred',
  'user.created',
  'user.deleted',
  'user.blocked',
  'payment.succeeded',
  'payment.refunded',
  'plan.changed',
  'plan.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Types an organization's endpoint may not choose: they are about the install (install-wide only). */
export const INSTALL_WIDE_EVENT_TYPES: readonly WebhookEventType[] = [
  'user.created',
  'user.deleted',
  'user.blocked',
];

export const WEBHOOK_NOT_FOUND = textId('Вебхук не найден');
export const WEBHOOK_DELIVERY_NOT_FOUND = textId('Доставка не найдена');

const EventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, says('Неизвестный тип события'));

const fields = {
  url: z
    .string(says('Укажите адрес'))
    .trim()
    .min(1, says('Укажите адрес'))
    .max(2048, says('Не более {max} символов', { max: 2048 }))
    .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, says('Адрес должен начинаться с https://')),
  description: cleanText(z.string().max(500, says('Не более {max} символов', { max: 500 }))),
  event_types: z
    .array(EventTypeSchema)
    .min(1, says('Выберите хотя бы одно событие'))
    .max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean(says('enabled: ожидается true или false')),
};

export const WebhookCreateSchema = z
  .object({
    url: fields.url,
    description: fields.description.default(''),
    event_types: fields.event_types,
    enabled: fields.enabled.default(true),
  })
  .strict();
export type WebhookCreateRequest = z.input<typeof WebhookCreateSchema>;

export const WebhookUpdateSchema = z
  .object({
    url: fields.url.optional(),
    description: fields.description.optional(),
    event_types: fields.event_types.optional(),
    enabled: fields.enabled.optional(),
  })
  .strict();
export type WebhookUpdateRequest = z.input<typeof WebhookUpdateSchema>;

export const WebhookSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int().nullable(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()),
  enabled: z.boolean(),
  /** Until when the secret before the last rotation still signs beside the new one. */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;
export const WebhookResponseSchema = envelope(WebhookSchema);
export const WebhookListResponseSchema = envelope(z.array(WebhookSchema));

/** Creation and rotation answer the secret; 'Показать секрет' too. */
export const WebhookWithSecretSchema = WebhookSchema.extend({ secret: z.string() });
export const WebhookWithSecretResponseSchema = envelope(WebhookWithSecretSchema);
export const WebhookSecretResponseSchema = envelope(z.object({ secret: z.string() }));

export const WebhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  webhook_id: z.number().int(),
  message_id: z.string(),
  event_type: z.string(),
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  tries: z.array(
    z.object({
      at: z.string(),
      status_code: z.number().int().nullable(),
      duration_ms: z.number().int(),
      response: z.string(),
      error: z.string().nullable(),
    }),
  ),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryResponseSchema = envelope(WebhookDeliverySchema);
/** A keyset page: `next_before` is the `before` of the next page (null: the last one). */
export const WebhookDeliveriesResponseSchema = envelope(
  z.object({ items: z.array(WebhookDeliverySchema), next_before: z.number().int().nullable() }),
);
export const WebhookDeliveriesQuerySchema = z
  .object({ before: IdSchema.optional(), limit: digits('limit', 100).default(20) })
  .strict();

export const OrganizationWebhookParamsSchema = z.object({ id: IdSchema, wid: IdSchema }).strict();
export const AdminWebhookParamsSchema = z.object({ wid: IdSchema }).strict();
export const OrganizationDeliveryParamsSchema = z
  .object({ id: IdSchema, wid: IdSchema, did: IdSchema })
  .strict();
export const AdminDeliveryParamsSchema = z.object({ wid: IdSchema, did: IdSchema }).strict();

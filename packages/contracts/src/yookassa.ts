import { z } from 'zod';
import { envelope, MoneySchema } from './common';
import { says } from './i18n/text';

// YooKassa (issue 28; decisions 0200–0206): its notifications, the saved payment method and auto-renewal,
// refunds through the provider.

/**
 * POST /api/v1/payments/yookassa/notifications: YooKassa's notification. Only `event` and `object.id` are
 * read; everything else is read back from YooKassa (the body is never trusted).
 */
export const YooKassaNotificationSchema = z.looseObject({
  type: z.string().max(32).optional(),
  event: z
    .string()
    .min(1, says('Обязательное поле'))
    .max(64, says('Не более {max} символов', { max: 64 })),
  object: z.looseObject({
    id: z.string().regex(/^[0-9A-Za-z-]{1,64}$/, says('Некорректный идентификатор объекта')),
  }),
});
export type YooKassaNotification = z.input<typeof YooKassaNotificationSchema>;

/** GET /api/v1/rest/profile/payment-method: the saved method (never card data), or null. */
export const SavedPaymentMethodSchema = z.object({
  /** YooKassa's method type: bank_card, sbp, yoo_money … */
  type: z.string(),
  /** As YooKassa names it: 'Bank card *4444'. */
  title: z.string(),
  auto_renew: z.boolean(),
});
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethodSchema>;
export const SavedPaymentMethodResponseSchema = envelope(SavedPaymentMethodSchema.nullable());

/** PUT /api/v1/rest/profile/auto-renew. */
export const AutoRenewRequestSchema = z
  .object({ enabled: z.boolean(says('enabled: ожидается true или false')) })
  .strict();
export type AutoRenewRequest = z.input<typeof AutoRenewRequestSchema>;

/** A refund amount: rubles with at most two decimals, more than zero. */
const RefundAmountSchema = z
  .string(says('Укажите сумму возврата'))
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, says('Сумма: число рублей, до двух знаков после точки, например 990.00'))
  .refine((v) => Number(v) > 0, says('Сумма возврата должна быть больше нуля'));

/** POST /api/v1/rest/admin/payments/{id}/refund. */
export const PaymentRefundRequestSchema = z
  .object({
    amount: RefundAmountSchema,
    reason: z
      .string(says('Укажите причину возврата'))
      .trim()
      .min(1, says('Укажите причину возврата'))
      .max(250, says('Не более {max} символов', { max: 250 })),
  })
  .strict();
export type PaymentRefundRequest = z.input<typeof PaymentRefundRequestSchema>;

/** What a refund did: the order's money returned so far and what is left. */
export const PaymentRefundResultSchema = z.object({
  order_id: z.number().int(),
  refund_id: z.string(),
  amount: MoneySchema,
  refunded_amount: MoneySchema,
  left: MoneySchema,
  /** A full refund ends the plan now; a partial one leaves the term. */
  plan_ended: z.boolean(),
});
export type PaymentRefundResult = z.infer<typeof PaymentRefundResultSchema>;
export const PaymentRefundResultResponseSchema = envelope(PaymentRefundResultSchema);

/** GET /api/v1/rest/payments/orders/{label}: the result page's poll. */
export const OrderLabelParamsSchema = z
  .object({ label: z.string().regex(/^[0-9a-f]{32}$/, says('Некорректный номер заказа')) })
  .strict();

import { z } from 'zod';
import {
  envelope,
  hasControlCharacters,
  IdSchema,
  listEnvelope,
  MoneySchema,
  PaginationQuerySchema,
} from './common';

// Checkout and payments (product-decisions "Plans and payments"; docs/decisions/0022..0025).

export const PaymentPeriodSchema = z.enum(['month', 'year'], { message: 'type: ожидается month или year' });
export type PaymentPeriod = z.infer<typeof PaymentPeriodSchema>;

/** Checkout payment methods (spec section 9); mir is the default. */
export const PaymentMethodSchema = z.enum(['mir', 'sbp'], {
  message: 'Способ оплаты: ожидается mir или sbp',
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'mir';

/** POST /api/v1/rest/subscribes/get-subscribe-info. */
export const SubscribeInfoRequestSchema = z
  .object({
    subscribe_id: IdSchema,
    type: PaymentPeriodSchema,
    /** [{id: 'method', value: 'mir' | 'sbp'}]; without it the method is mir. */
    options: z
      .array(
        z
          .object({
            id: z.literal('method', { message: 'Неизвестный параметр' }),
            value: PaymentMethodSchema,
          })
          .strict(),
      )
      .max(1, 'Способ оплаты указывается один раз')
      .default([]),
    user_id: IdSchema,
  })
  .strict();
export type SubscribeInfoRequest = z.input<typeof SubscribeInfoRequestSchema>;

/**
 * The payment form the cabinet posts to `action`: every field except `action` and `test_mode` is a
 * hidden input of that form (YooMoney's quickpay field names, hence 'quickpay-form' and camelCase).
 */
export const SubscribeInfoSchema = z.object({
  action: z.string(),
  receiver: z.string(),
  'quickpay-form': z.literal('button'),
  sum: MoneySchema,
  label: z.string(),
  paymentType: z.enum(['AC', 'PC']),
  targets: z.string(),
  successURL: z.string(),
  /** No money moves: `action` is the server's own sandbox page ('Тестовый режим'). */
  test_mode: z.boolean(),
});
export type SubscribeInfo = z.infer<typeof SubscribeInfoSchema>;
export const SubscribeInfoResponseSchema = envelope(SubscribeInfoSchema);

/** The hidden fields of the payment form, in the order the form should carry them. */
export const PAYMENT_FORM_FIELDS = [
  'receiver',
  'quickpay-form',
  'sum',
  'label',
  'paymentType',
  'targets',
  'successURL',
] as const satisfies readonly (keyof SubscribeInfo)[];

/** A notification field: bounded, and no control characters (a NUL cannot be looked up or stored). */
const field = (max: number) =>
  z
    .string()
    .max(max, `Не более ${max} символов`)
    .refine((s) => !hasControlCharacters(s), { message: 'Недопустимые символы' });

/**
 * POST /api/subscribe/buy: YooMoney's HTTP notification (x-www-form-urlencoded). Unknown fields are
 * allowed: this is the provider's format, and it may add fields.
 */
export const PaymentNotificationSchema = z.looseObject({
  notification_type: field(32),
  operation_id: field(128).min(1, 'Обязательное поле'),
  amount: field(32),
  withdraw_amount: field(32).optional(),
  currency: field(8),
  datetime: field(64),
  sender: field(64).default(''),
  codepro: field(8),
  label: field(64).default(''),
  sha1_hash: field(64),
  unaccepted: field(8).optional(),
  test_notification: field(8).optional(),
});
export type PaymentNotification = z.input<typeof PaymentNotificationSchema>;

export const PaymentOrderStatusSchema = z.enum(['pending', 'paid']);
export type PaymentOrderStatus = z.infer<typeof PaymentOrderStatusSchema>;

/** One order of the payment history (GET /api/v1/rest/payments). `user` is present for admins only. */
export const PaymentSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  period: PaymentPeriodSchema,
  method: z.string(),
  amount: MoneySchema,
  status: PaymentOrderStatusSchema,
  paid_at: z.string().nullable(),
  granted_until: z.string().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.number().int(), email: z.string() }).optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** Newest first. `user_id` is for admins (anyone else may only name themselves); `status` narrows. */
export const PaymentListQuerySchema = PaginationQuerySchema.extend({
  user_id: IdSchema.optional(),
  status: z.enum(['pending', 'paid'], { message: 'status: ожидается pending или paid' }).optional(),
}).strict();
export type PaymentListQuery = z.input<typeof PaymentListQuerySchema>;
export const PaymentListResponseSchema = listEnvelope(PaymentSchema);

/** GET /api/v1/rest/payments/settings: the cabinet shows a 'Тестовый режим' badge in test mode. */
export const PaymentSettingsSchema = z.object({ test_mode: z.boolean() });
export const PaymentSettingsResponseSchema = envelope(PaymentSettingsSchema);

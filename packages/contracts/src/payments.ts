import { z } from 'zod';
import {
  envelope,
  hasControlCharacters,
  IdSchema,
  listEnvelope,
  MoneySchema,
  PaginationQuerySchema,
} from './common';
import { says } from './i18n/text';

// Checkout and payments (product-decisions "Plans and payments"; docs/decisions/0022..0025).

export const PaymentPeriodSchema = z.enum(['month', 'year'], says('type: ожидается month или year'));
export type PaymentPeriod = z.infer<typeof PaymentPeriodSchema>;

/** Checkout payment methods (spec section 9); mir is the default. */
export const PaymentMethodSchema = z.enum(['mir', 'sbp'], says('Способ оплаты: ожидается mir или sbp'));
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
            id: z.literal('method', says('Неизвестный параметр')),
            value: PaymentMethodSchema,
          })
          .strict(),
      )
      .max(1, says('Способ оплаты указывается один раз'))
      .default([]),
    user_id: IdSchema,
    /**
     * 'Продлевать автоматически': YooKassa saves the payment method and the plan renews from it
     * (decision 0205). Ignored by YooMoney and the sandbox.
     */
    auto_renew: z.boolean(says('auto_renew: ожидается true или false')).default(false),
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
  /** YooKassa: the page the person goes to (GET) to pay; present only when YooKassa takes the checkout. */
  confirmation_url: z.string().optional(),
});
export type SubscribeInfo = z.infer<typeof SubscribeInfoSchema>;
export const SubscribeInfoResponseSchema = envelope(SubscribeInfoSchema);

/** GET /api/v1/rest/subscribes/{id}/checkout-preview?type=month|year. */
export const CheckoutPreviewQuerySchema = z.object({ type: PaymentPeriodSchema }).strict();
export type CheckoutPreviewQuery = z.input<typeof CheckoutPreviewQuerySchema>;

/**
 * What paying for a plan now would do to the caller's plan (decision 0162, computed as the payment itself
 * will be: decisions 0024 and 0091). `kind`: 'new' starts a term now (nothing paid is running), 'renewal'
 * adds the period to the running plan's end, 'switch' replaces another running paid plan and carries the
 * money of its unused time (`credit`, '0.00' when nothing was paid, such as an admin's grant) into extra days.
 */
export const CheckoutPreviewSchema = z.object({
  plan: z.object({ id: z.number().int(), name: z.string() }),
  period: PaymentPeriodSchema,
  sum: MoneySchema,
  kind: z.enum(['new', 'renewal', 'switch']),
  /** The plan in force now and its end date (null: no end). */
  current: z.object({
    plan: z.object({ id: z.number().int(), name: z.string() }),
    expires_at: z.string().nullable(),
  }),
  credit: MoneySchema,
  /** Where the paid time starts, and the new end date (null: an admin's grant without an end stays so). */
  term_start: z.string(),
  granted_until: z.string().nullable(),
});
export type CheckoutPreview = z.infer<typeof CheckoutPreviewSchema>;
export const CheckoutPreviewResponseSchema = envelope(CheckoutPreviewSchema);

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
    .max(max, says('Не более {max} символов', { max }))
    .refine((s) => !hasControlCharacters(s), says('Недопустимые символы'));

/**
 * POST /api/subscribe/buy: YooMoney's HTTP notification (x-www-form-urlencoded). Unknown fields are
 * allowed: this is the provider's format, and it may add fields.
 */
export const PaymentNotificationSchema = z.looseObject({
  notification_type: field(32),
  operation_id: field(128).min(1, says('Обязательное поле')),
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

/** 'canceled': a YooKassa payment that was canceled or refused (decision 0202). */
export const PaymentOrderStatusSchema = z.enum(['pending', 'paid', 'canceled']);
export type PaymentOrderStatus = z.infer<typeof PaymentOrderStatusSchema>;

/**
 * The payer as admins see it: `id` is null once the account is deleted, and `email` is then the one kept on
 * the order (docs/decisions/0093).
 */
export const PaymentPayerSchema = z.object({ id: z.number().int().nullable(), email: z.string() });
export type PaymentPayer = z.infer<typeof PaymentPayerSchema>;

export const PaymentProviderSchema = z.enum(['yoomoney', 'yookassa', 'test']);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

/**
 * What an order bought, as the history, the receipt and the admins' list show it: its label (the order label
 * sent to the provider, 'Номер заказа'), the plan, the period, the method and the amount.
 */
export const orderPurchaseFields = {
  label: z.string(),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  period: PaymentPeriodSchema,
  method: z.string(),
  amount: MoneySchema,
};

/** One order of the payment history (GET /api/v1/rest/payments). `user` is present for admins only. */
export const PaymentSchema = z.object({
  id: z.number().int(),
  ...orderPurchaseFields,
  status: PaymentOrderStatusSchema,
  paid_at: z.string().nullable(),
  granted_until: z.string().nullable(),
  created_at: z.string(),
  /** A sandbox payment of test mode: no money moved ('Тестовый'; docs/decisions/0090). */
  test: z.boolean(),
  /**
   * Who took the money (decision 0200). The API always sends it; the defaults only let a client read an
   * answer of a server from before issue 28.
   */
  provider: PaymentProviderSchema.default('yoomoney'),
  /** Money returned through the provider so far ('0.00' when none; decision 0204). */
  refunded_amount: MoneySchema.default('0.00'),
  user: PaymentPayerSchema.optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** Newest first. `user_id` is for admins (anyone else may only name themselves); `status` narrows. */
export const PaymentListQuerySchema = PaginationQuerySchema.extend({
  user_id: IdSchema.optional(),
  status: z.enum(['pending', 'paid'], says('status: ожидается pending или paid')).optional(),
}).strict();
export type PaymentListQuery = z.input<typeof PaymentListQuerySchema>;
export const PaymentListResponseSchema = listEnvelope(PaymentSchema);
export const PaymentResponseSchema = envelope(PaymentSchema);

export const PaymentsModeSchema = z.enum(['test', 'live']);
export type PaymentsMode = z.infer<typeof PaymentsModeSchema>;

/**
 * GET /api/v1/rest/payments/settings: the cabinet shows a 'Тестовый режим' badge, and the admin home a
 * warning, in test mode (PAYMENTS_MODE; docs/decisions/0090).
 */
export const PaymentSettingsSchema = z.object({
  test_mode: z.boolean(),
  mode: PaymentsModeSchema,
  /**
   * Present only when YooKassa takes checkouts (decision 0205): the checkout then offers
   * 'Продлевать автоматически', charged `auto_renew_days_before` days before the plan ends.
   */
  provider: z.literal('yookassa').optional(),
  auto_renew_days_before: z.number().int().optional(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;
export const PaymentSettingsResponseSchema = envelope(PaymentSettingsSchema);

// ---- Refunds: money that arrived with a valid signature but bought nothing (docs/decisions/0092) ----

/** provider_refund: returned by an admin through YooKassa (decision 0204). */
export const RefundReasonSchema = z.enum([
  'unknown_label',
  'already_paid',
  'amount_short',
  'provider_refund',
]);
export type RefundReason = z.infer<typeof RefundReasonSchema>;

export const RefundStateSchema = z.enum(['open', 'resolved'], says('status: ожидается open или resolved'));
export type RefundState = z.infer<typeof RefundStateSchema>;

/** One case of GET /api/v1/rest/admin/refunds. */
export const RefundSchema = z.object({
  id: z.number().int(),
  operation_id: z.string(),
  label: z.string(),
  order_id: z.number().int().nullable(),
  amount: MoneySchema,
  reason: RefundReasonSchema,
  /** The payer, when the label names an order: the account's e-mail, or the one kept on the order. */
  user: PaymentPayerSchema.nullable(),
  /** Recorded in test mode: no money moved. */
  test: z.boolean(),
  /** The notification as received: its signed fields and sha1_hash. */
  fields: z.record(z.string(), z.string()),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  /** E-mail of the admin who marked it returned. */
  resolved_by: z.string().nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** Newest first; `status` narrows to open or resolved cases. */
export const RefundListQuerySchema = PaginationQuerySchema.extend({
  status: RefundStateSchema.optional(),
}).strict();
export type RefundListQuery = z.input<typeof RefundListQuerySchema>;
export const RefundListResponseSchema = listEnvelope(RefundSchema);
export const RefundResponseSchema = envelope(RefundSchema);

import { z } from 'zod';
import { AnyQuerySchema, IdParamsSchema, MessageResponseSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { says } from '../i18n/text';
import {
  CheckoutPreviewQuerySchema,
  CheckoutPreviewResponseSchema,
  PaymentListQuerySchema,
  PaymentListResponseSchema,
  PaymentNotificationSchema,
  PaymentResponseSchema,
  PaymentSettingsResponseSchema,
  RefundListQuerySchema,
  RefundListResponseSchema,
  RefundResponseSchema,
  SubscribeInfoRequestSchema,
  SubscribeInfoResponseSchema,
} from '../payments';
import {
  AutoRenewRequestSchema,
  OrderLabelParamsSchema,
  PaymentRefundRequestSchema,
  PaymentRefundResultResponseSchema,
  SavedPaymentMethodResponseSchema,
  YooKassaNotificationSchema,
} from '../yookassa';

// Checkout, the history, the provider's callback, the test-mode sandbox and the refund cases
// (product-decisions "Plans and payments"; docs/authorization/plans-and-payments.md).

const tag = 'payments';

/** The fields the cabinet posts to the sandbox: the quickpay form. Only the label matters to us. */
const SandboxFormSchema = z.looseObject({ label: z.string().max(64).optional() });
const SandboxPaySchema = z
  .object({ label: z.string().regex(/^[0-9a-f]{32}$/, says('Некорректный номер заказа')) })
  .strict();

export const paymentsEndpoints = {
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/v1/rest/subscribes/get-subscribe-info',
    tag,
    roles: ['user'],
    summary: 'Checkout: a pending order and the payment form that pays it',
    body: SubscribeInfoRequestSchema,
    response: SubscribeInfoResponseSchema,
  }),
  checkoutPreview: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/subscribes/{id}/checkout-preview',
    tag,
    roles: ['user'],
    summary:
      "What paying for the plan now would do: the credit of the running plan's unused time, the new end",
    params: IdParamsSchema,
    query: CheckoutPreviewQuerySchema,
    response: CheckoutPreviewResponseSchema,
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/payments',
    tag,
    roles: ['user'],
    tokens: true,
    summary: "Payment history, newest first: the caller's own (admins: everyone's, or user_id's)",
    query: PaymentListQuerySchema,
    response: PaymentListResponseSchema,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/payments/settings',
    tag,
    roles: ['user'],
    summary: 'Whether payments run in test mode (the sandbox) or take real money',
    response: PaymentSettingsResponseSchema,
  }),
  notification: defineEndpoint({
    method: 'POST',
    path: '/api/subscribe/buy',
    tag,
    roles: ['anonymous'],
    summary: "YooMoney's HTTP notification (x-www-form-urlencoded); grants the plan once per operation_id",
    consumes: 'application/x-www-form-urlencoded',
    // YooMoney's own limit: a notification is a dozen short fields (decision 0192).
    bodyLimit: 8 * 1024,
    query: AnyQuerySchema,
    body: PaymentNotificationSchema,
    response: MessageResponseSchema,
  }),
  sandboxForm: defineEndpoint({
    method: 'POST',
    path: '/api/subscribe/sandbox',
    tag,
    roles: ['anonymous'],
    summary: "Test mode: the page 'Тестовая оплата' the payment form posts to (HTML)",
    consumes: 'application/x-www-form-urlencoded',
    produces: 'text/html',
    query: AnyQuerySchema,
    body: SandboxFormSchema,
    response: null,
  }),
  sandboxPage: defineEndpoint({
    method: 'GET',
    path: '/api/subscribe/sandbox',
    tag,
    roles: ['anonymous'],
    summary: "Test mode: the page 'Тестовая оплата' for ?label= (HTML)",
    produces: 'text/html',
    query: SandboxFormSchema,
    response: null,
  }),
  sandboxPay: defineEndpoint({
    method: 'POST',
    path: '/api/subscribe/sandbox/pay',
    tag,
    roles: ['anonymous'],
    summary:
      "Test mode: 'Оплатить' sends a signed notification through the /subscribe/buy code path, then 303",
    consumes: 'application/x-www-form-urlencoded',
    query: AnyQuerySchema,
    body: SandboxPaySchema,
    response: null,
  }),
  refunds: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/admin/refunds',
    tag,
    roles: ['admin'],
    summary: 'Signed payments that bought nothing, newest first: to be returned by hand (admins)',
    query: RefundListQuerySchema,
    response: RefundListResponseSchema,
  }),
  resolveRefund: defineEndpoint({
    method: 'POST',
    path: '/api/v1/rest/admin/refunds/{id}/resolve',
    tag,
    roles: ['admin'],
    summary: 'Marks a refund case as returned (admins); marking it again changes nothing',
    params: IdParamsSchema,
    response: RefundResponseSchema,
  }),
  yookassaNotification: defineEndpoint({
    method: 'POST',
    path: '/api/v1/payments/yookassa/notifications',
    tag,
    roles: ['anonymous'],
    summary:
      "YooKassa's notification: from YOOKASSA_NOTIFY_IPS only (403 otherwise); the payment or refund is read " +
      'back from YooKassa and applied once; unknown ones answer 200; our own failures 500',
    query: AnyQuerySchema,
    body: YooKassaNotificationSchema,
    response: MessageResponseSchema,
  }),
  order: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/payments/orders/{label}',
    tag,
    roles: ['user'],
    summary: "One order by its label, for the result page's poll (its payer, or a site admin; else 404)",
    params: OrderLabelParamsSchema,
    response: PaymentResponseSchema,
  }),
  paymentMethod: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/profile/payment-method',
    tag,
    roles: ['user'],
    summary: "The caller's saved payment method {type, title, auto_renew}; data null when none",
    response: SavedPaymentMethodResponseSchema,
  }),
  deletePaymentMethod: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/rest/profile/payment-method',
    tag,
    roles: ['user'],
    summary: "Deletes the caller's saved payment method: auto-renewal ends, nothing is charged again",
    response: MessageResponseSchema,
  }),
  autoRenew: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/rest/profile/auto-renew',
    tag,
    roles: ['user'],
    summary: "Turns the caller's auto-renewal on or off (on needs a saved method; off: never charged)",
    body: AutoRenewRequestSchema,
    response: SavedPaymentMethodResponseSchema,
  }),
  refundPayment: defineEndpoint({
    method: 'POST',
    path: '/api/v1/rest/admin/payments/{id}/refund',
    tag,
    roles: ['admin'],
    summary:
      'Refunds a paid YooKassa order in full or in part, with its receipt (admins); more than is left is 409',
    params: IdParamsSchema,
    body: PaymentRefundRequestSchema,
    response: PaymentRefundResultResponseSchema,
  }),
};

import {
  type Amount,
  type CreatePaymentRequest,
  type Receipt,
  YooKassaError,
  type YooKassaPayment,
} from '../../adapters/yookassa';
import type { Env } from '../../env';
import { badGateway } from '../../lib/app-error';
import { tr, trId } from '../../lib/i18n';
import { periodText } from './payments.config';

// What the product sends YooKassa, built in one place for checkout, renewals and refunds (decisions
// 0202, 0204, 0205): the amount, the description and the 54-FZ receipt.

export const PROVIDER_UNAVAILABLE = trId('Платёжная система недоступна, попробуйте позже');

/** 'Тариф «Про», 1 месяц': the payment's description and the receipt line. */
export const paymentDescription = (planName: string, period: 'month' | 'year') =>
  tr('Тариф «{planName}», {period}', { planName, period: periodText(period) });

export const rubles = (value: string): Amount => ({ value, currency: 'RUB' });

/** The receipt of a payment or a refund of `amount` for one plan period (one line, a service). */
export function receiptOf(env: Env, input: { email: string; description: string; amount: string }): Receipt {
  return {
    customer: { email: input.email },
    items: [
      {
        description: input.description.slice(0, 128),
        quantity: '1.00',
        amount: rubles(input.amount),
        vat_code: env.YOOKASSA_VAT_CODE,
        payment_mode: 'full_payment',
        payment_subject: 'service',
      },
    ],
    ...(env.YOOKASSA_TAX_SYSTEM_CODE !== undefined ? { tax_system_code: env.YOOKASSA_TAX_SYSTEM_CODE } : {}),
  };
}

export interface PaymentOrderInput {
  id: number;
  label: string;
  email: string;
  planName: string;
  period: 'month' | 'year';
  amount: string;
}

/** POST /payments for an order: at checkout (a redirect) or for a renewal (a saved method). */
export function paymentRequest(
  env: Env,
  order: PaymentOrderInput,
  how: { returnUrl: string; savePaymentMethod: boolean } | { paymentMethodId: string },
): CreatePaymentRequest {
  const description = paymentDescription(order.planName, order.period);
  return {
    amount: rubles(order.amount),
    capture: true,
    ...('returnUrl' in how
      ? {
          confirmation: { type: 'redirect', return_url: how.returnUrl },
          ...(how.savePaymentMethod ? { save_payment_method: true } : {}),
        }
      : { payment_method_id: how.paymentMethodId }),
    description,
    metadata: { order_id: String(order.id) },
    receipt: receiptOf(env, { email: order.email, description, amount: order.amount }),
  };
}

/** Where YooKassa sends the payer back: the result page, which polls the order. */
export const resultUrl = (env: Env, label: string) =>
  `${env.PUBLIC_URL}/app/subscription/result?order=${encodeURIComponent(label)}`;

/** A failure of YooKassa as the person sees it (502); ours (anything else) passes through as it is. */
export function providerFailure(error: unknown): unknown {
  if (error instanceof YooKassaError) return badGateway(tr(PROVIDER_UNAVAILABLE));
  return error;
}

/** The saved method's words as YooKassa gives them ('Bank card *4444'); never card data. */
export function savedMethodOf(payment: YooKassaPayment) {
  const method = payment.payment_method;
  if (!method?.saved || !method.id) return null;
  return {
    id: method.id,
    type: method.type.slice(0, 32),
    title: (method.title ?? method.type).slice(0, 128),
  };
}

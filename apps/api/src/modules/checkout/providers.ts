import type { SubscribeInfo } from '@cabinet/contracts';
import { newIdempotenceKey } from '../../adapters/yookassa';
import { PAYMENT_TYPES, QUICKPAY_URL } from '../../adapters/yoomoney';
import { badGateway } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { type PaymentsConfig, periodText, sandboxUrl, successUrl } from '../payments/payments.config';
import {
  PROVIDER_UNAVAILABLE,
  paymentRequest,
  providerFailure,
  resultUrl,
} from '../payments/yookassa-payments';

// The one shape both acquirers share at checkout (house style point 11; decision 0201): a provider turns a
// pending order into what the cabinet does next, posting YooMoney's quickpay form (or the sandbox's) or
// going to YooKassa's confirmation page.

export interface CheckoutOrder {
  id: number;
  label: string;
  email: string;
  planName: string;
  period: 'month' | 'year';
  method: 'mir' | 'sbp';
  /** '990.00' */
  amount: string;
  autoRenew: boolean;
  idempotenceKey: string | null;
}

export interface CheckoutProvider {
  readonly name: PaymentsConfig['provider'];
  /** An Idempotence-Key for the order, when the provider takes one. */
  newKey(): string | null;
  /** What the cabinet does to pay the order; throws when the provider cannot take it (nothing was charged). */
  start(ctx: RequestContext, order: CheckoutOrder): Promise<{ info: SubscribeInfo; paymentId?: string }>;
}

function quickpay(config: PaymentsConfig, order: CheckoutOrder): SubscribeInfo {
  return {
    action: config.testMode ? sandboxUrl(config) : QUICKPAY_URL,
    receiver: config.testMode ? 'test' : config.receiver,
    'quickpay-form': 'button',
    sum: order.amount,
    label: order.label,
    paymentType: PAYMENT_TYPES[order.method],
    targets: tr('Тариф «{planName}» на {period}', {
      planName: order.planName,
      period: periodText(order.period),
    }),
    successURL: successUrl(config),
    test_mode: config.testMode,
  };
}

export function checkoutProvider(config: PaymentsConfig): CheckoutProvider {
  const client = config.yookassa;
  if (config.provider !== 'yookassa' || !client) {
    return {
      name: config.provider,
      newKey: () => null,
      start: async (_ctx, order) => ({ info: quickpay(config, order) }),
    };
  }
  return {
    name: 'yookassa',
    newKey: newIdempotenceKey,
    async start(ctx, order) {
      const returnUrl = resultUrl(ctx.config, order.label);
      const body = paymentRequest(ctx.config, order, { returnUrl, savePaymentMethod: order.autoRenew });
      const payment = await client
        .createPayment(body, order.idempotenceKey ?? newIdempotenceKey())
        .catch((error: unknown) => {
          throw providerFailure(error);
        });
      const url = payment.confirmation?.confirmation_url;
      if (!url) throw badGateway(tr(PROVIDER_UNAVAILABLE));
      return {
        paymentId: payment.id,
        info: {
          ...quickpay(config, order),
          action: url,
          receiver: 'yookassa',
          successURL: returnUrl,
          confirmation_url: url,
        },
      };
    },
  };
}

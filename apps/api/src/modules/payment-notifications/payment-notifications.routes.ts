import { paymentsEndpoints as e } from '@cabinet/contracts';
import { AppError } from '../../lib/app-error';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { countPayment } from '../../lib/metrics';
import { applyYooKassaRefundEvent } from '../refunds/provider-refunds.service';
import { applyPaymentNotification, OUTCOME_MESSAGES } from './notifications.service';
import { handleYooKassaNotification, YOOKASSA_OUTCOME_MESSAGES } from './yookassa.service';

// YooMoney's HTTP notification: anyone may post it, its signature is what counts (decision 0023).
// YooKassa's: from its addresses only, read back before anything is applied (decision 0203).

/**
 * The providers' calls keep budgets of their own, per sending address and counted before the body is read
 * (decision 0195): far above what a provider sends, so only a flood from one address is refused (429, which
 * both providers retry later), and never shared with the people's calls.
 */
export const PROVIDER_NOTIFICATIONS_PER_MINUTE = 600;
const providerLimit = (name: string) => ({
  config: { addressLimit: { name, timeWindow: '1 minute', max: PROVIDER_NOTIFICATIONS_PER_MINUTE } },
});

export default routes(() => [
  handle(
    e.notification,
    async (ctx, { body }) => {
      const outcome = await applyPaymentNotification(ctx, body).catch((error: unknown) => {
        countPayment('yoomoney', error instanceof AppError ? 'refused' : 'failed');
        throw error;
      });
      // YooMoney's own 'test' button moves no money and is not counted (decision 0260).
      if (outcome.kind !== 'test')
        countPayment('yoomoney', outcome.kind === 'applied' ? 'succeeded' : 'duplicate');
      return ok(null, tr(OUTCOME_MESSAGES[outcome.kind]));
    },
    providerLimit('yoomoney-notifications'),
  ),

  handle(
    e.yookassaNotification,
    async (ctx, { body }) => {
      const outcome = await handleYooKassaNotification(ctx, body, applyYooKassaRefundEvent);
      return ok(null, tr(YOOKASSA_OUTCOME_MESSAGES[outcome]));
    },
    providerLimit('yookassa-notifications'),
  ),
]);

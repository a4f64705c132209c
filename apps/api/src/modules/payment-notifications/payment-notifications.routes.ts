import { paymentsEndpoints as e } from '@cabinet/contracts';
import { AppError } from '../../lib/app-error';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { countPayment } from '../../lib/metrics';
import { applyYooKassaRefundEvent } from '../refunds/provider-refunds.service';
import { applyPaymentNotification, OUTCOME_MESSAGES } from './notifications.service';
import { handleYooKassaNotification, YOOKASSA_OUTCOME_MESSAGES } from './yookassa.service';

// YooMoney's HTTP notification: anyone may post it, its signature is what counts (decision 0023).
// YooKassa's: from its addresses only, read back before anything is applied (decision 0203).
export default routes(() => [
  handle(e.notification, async (ctx, { body }) => {
    const outcome = await applyPaymentNotification(ctx, body).catch((error: unknown) => {
      countPayment('yoomoney', error instanceof AppError ? 'refused' : 'failed');
      throw error;
    });
    // YooMoney's own 'test' button moves no money and is not counted (decision 0260).
    if (outcome.kind !== 'test')
      countPayment('yoomoney', outcome.kind === 'applied' ? 'succeeded' : 'duplicate');
    return ok(null, OUTCOME_MESSAGES[outcome.kind]);
  }),

  handle(e.yookassaNotification, async (ctx, { body }) => {
    const outcome = await handleYooKassaNotification(ctx, body, applyYooKassaRefundEvent);
    return ok(null, YOOKASSA_OUTCOME_MESSAGES[outcome]);
  }),
]);

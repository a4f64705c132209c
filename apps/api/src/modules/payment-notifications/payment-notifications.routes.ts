import { paymentsEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { applyPaymentNotification, OUTCOME_MESSAGES } from './notifications.service';

// YooMoney's HTTP notification: anyone may post it, its signature is what counts (decision 0023).
export default routes(() => [
  handle(e.notification, async (ctx, { body }) => {
    const outcome = await applyPaymentNotification(ctx, body);
    return ok(null, OUTCOME_MESSAGES[outcome.kind]);
  }),
]);

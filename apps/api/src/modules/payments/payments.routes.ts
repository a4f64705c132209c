import { paymentsEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOkJson, ok, okJson } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { listPayments } from './history.service';
import { getOrder } from './order.service';
import { deletePaymentMethod, getPaymentMethod, setAutoRenew } from './payment-method.service';
import { getPaymentSettings, paymentsConfig } from './payments.config';

// The payment history and the payments mode (docs/authorization/plans-and-payments.md).
export default routes(async (app) => {
  // Resolved at start, so the test-mode secret exists in DATA_DIR before the first payment (and a
  // DATA_DIR the server cannot write stops it there, not at a payer's notification).
  await paymentsConfig(app.config);
  return [
    handle(e.history, async (ctx, { query }) => {
      const page = await listPayments(ctx, query);
      return listOkJson(page.items, page.meta);
    }),

    handle(e.settings, async (ctx) => ok(await getPaymentSettings(ctx))),

    // YooKassa (issue 28): the result page's poll, the saved method and the auto-renewal switch.
    handle(e.order, async (ctx, { params }) => okJson(await getOrder(ctx, params))),
    handle(e.paymentMethod, async (ctx) => ok(await getPaymentMethod(ctx))),
    handle(e.deletePaymentMethod, async (ctx) => {
      await deletePaymentMethod(ctx);
      return ok(null, tr('Способ оплаты удалён'));
    }),
    handle(e.autoRenew, async (ctx, { body }) =>
      ok(
        await setAutoRenew(ctx, body),
        body.enabled ? tr('Автопродление включено') : tr('Автопродление отключено'),
      ),
    ),
  ];
});

import { paymentsEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOk, ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { refundPayment } from './provider-refunds.service';
import { listRefunds, resolveRefund } from './refunds.service';

// Refund cases for site admins only (401, 403 otherwise; docs/authorization/plans-and-payments.md,
// docs/decisions/0092-refund-cases.md).
export default routes(() => [
  handle(e.refunds, async (ctx, { query }) => {
    const page = await listRefunds(ctx, query);
    return listOk(page.items, page.meta);
  }),

  handle(e.resolveRefund, async (ctx, { params }) =>
    ok(await resolveRefund(ctx, params), tr('Возврат отмечен')),
  ),

  // Money of a YooKassa payment returned through YooKassa (decision 0204).
  handle(e.refundPayment, async (ctx, { params, body }) =>
    ok(await refundPayment(ctx, { id: params.id, ...body }), tr('Деньги возвращены')),
  ),
]);

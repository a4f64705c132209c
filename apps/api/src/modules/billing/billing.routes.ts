import { billingEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOkJson, ok, okJson } from '../../lib/envelope';
import { exportAdminPaymentsCsv } from './admin-payments.export';
import { listAdminPayments } from './admin-payments.service';
import { runJobNow } from './jobs.service';
import { getReceipt } from './receipt.service';
import { getRevenue } from './revenue.service';
import { getTestRevenue } from './revenue-test.service';

// Billing (issue 15; docs/authorization.md): receipts, jobs run by hand, the revenue dashboard, the
// admins' payments list and its CSV.
export default routes((app) => [
  handle(e.receipt, async (ctx, { params }) => okJson(await getReceipt(ctx, params.id))),

  handle(e.runJob, async (ctx, { params }) => ok(await runJobNow(app, ctx, params.name))),

  handle(e.revenue, async (ctx, { query }) =>
    ok(query.test ? await getTestRevenue(ctx, query.months) : await getRevenue(ctx, query.months)),
  ),

  handle(e.payments, async (ctx, { query }) => {
    const page = await listAdminPayments(ctx, query);
    return listOkJson(page.items, page.meta);
  }),

  handle(e.paymentsExport, async (ctx, { query }, _request, reply) => {
    const csv = await exportAdminPaymentsCsv(ctx, query);
    const day = ctx.now.toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="payments-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  }),
]);

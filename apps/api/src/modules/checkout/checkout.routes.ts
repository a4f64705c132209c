import { paymentsEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { previewCheckout } from './checkout.preview';
import { createCheckout } from './checkout.service';

// Who may check out for whom: docs/authorization/plans-and-payments.md.
export default routes(() => [
  handle(e.checkout, async (ctx, { body }) => ok(await createCheckout(ctx, body))),
  handle(e.checkoutPreview, async (ctx, { params, query }) =>
    ok(await previewCheckout(ctx, { id: params.id, type: query.type })),
  ),
]);

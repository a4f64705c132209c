import { paymentsEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { createCheckout } from './checkout.service';

// Who may check out for whom: docs/authorization/plans-and-payments.md.
export default routes(() => [
  handle(e.checkout, async (ctx, { body }) => ok(await createCheckout(ctx, body))),
]);

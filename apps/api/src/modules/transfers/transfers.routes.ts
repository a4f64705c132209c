import { transfersEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOkJson, ok } from '../../lib/envelope';
import { lookupRateLimit } from '../../plugins/rate-limit';
import {
  acceptTransfer,
  cancelTransfer,
  declineTransfer,
  listMyTransfers,
  offerTransfer,
} from './transfers.service';

// Who may call what: docs/authorization/organizations.md ("Ownership transfer").
export default routes(() => [
  handle(e.mine, async (ctx, { query }) => {
    const page = await listMyTransfers(ctx, query);
    return listOkJson(page.items, page.meta, 'Предложения о передаче организаций');
  }),

  handle(
    e.offer,
    async (ctx, { params, body }) => {
      const { transfer, mailed } = await offerTransfer(ctx, {
        organizationId: params.id,
        userId: body.user_id,
      });
      return ok(
        transfer,
        mailed
          ? 'Предложение о передаче организации отправлено'
          : 'Предложение о передаче организации сделано, но письмо отправить не удалось: участник увидит его в кабинете',
      );
    },
    // Each offer mails a member: a per-caller budget, as the other calls that mail or look up.
    { config: lookupRateLimit('transfers-offer') },
  ),

  handle(e.cancel, async (ctx, { params }) =>
    ok(await cancelTransfer(ctx, { organizationId: params.id }), 'Передача организации отменена'),
  ),

  handle(e.accept, async (ctx, { params }) =>
    ok(await acceptTransfer(ctx, { organizationId: params.id }), 'Вы стали владельцем организации'),
  ),

  handle(e.decline, async (ctx, { params }) =>
    ok(
      await declineTransfer(ctx, { organizationId: params.id }),
      'Предложение о передаче организации отклонено',
    ),
  ),
]);

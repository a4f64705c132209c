import { transfersEndpoints as e } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOkJson, ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
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
    return listOkJson(page.items, page.meta, tr('Предложения о передаче организаций'));
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
          ? tr('Предложение о передаче организации отправлено')
          : tr(
              'Предложение о передаче организации сделано, но письмо отправить не удалось: участник увидит его в кабинете',
            ),
      );
    },
    // Each offer mails a member: a per-caller budget, as the other calls that mail or look up.
    { config: lookupRateLimit('transfers-offer') },
  ),

  handle(e.cancel, async (ctx, { params }) =>
    ok(await cancelTransfer(ctx, { organizationId: params.id }), text('Передача организации отменена')),
  ),

  handle(e.accept, async (ctx, { params }) =>
    ok(await acceptTransfer(ctx, { organizationId: params.id }), tr('Вы стали владельцем организации')),
  ),

  handle(e.decline, async (ctx, { params }) =>
    ok(
      await declineTransfer(ctx, { organizationId: params.id }),
      tr('Предложение о передаче организации отклонено'),
    ),
  ),
]);

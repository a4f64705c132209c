import { adminEndpoints as e } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { logoutUser, setUserBlocked } from './users.service';

// Admin actions on a user (issue 5), in the admin area's table: admins only; never against oneself.
export default routes(() => [
  handle(e.logoutUser, async (ctx, { params }) =>
    ok(await logoutUser(ctx, params), tr('Все сеансы пользователя завершены')),
  ),
  handle(e.blockUser, async (ctx, { params }) =>
    ok(await setUserBlocked(ctx, { id: params.id, blocked: true }), text('Пользователь заблокирован')),
  ),
  handle(e.unblockUser, async (ctx, { params }) =>
    ok(await setUserBlocked(ctx, { id: params.id, blocked: false }), text('Пользователь разблокирован')),
  ),
]);

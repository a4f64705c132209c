import { sessionsEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOk, ok } from '../../lib/envelope';
import { getSecuritySettings, updateSecuritySettings } from './security-settings.service';
import {
  listSessions,
  listUserSessions,
  revokeOtherSessions,
  revokeSession,
  revokeUserSession,
} from './sessions.service';

// Devices and sessions (issue 14): one's own under profile/, any user's for admins (docs/authorization).
export default routes(() => [
  handle(e.list, async (ctx, { query }) => {
    const page = await listSessions(ctx, query);
    return listOk(page.items, page.meta, 'Сеансы');
  }),
  handle(e.revoke, async (ctx, { params }) => {
    await revokeSession(ctx, params);
    return ok(null, 'Сеанс завершён');
  }),
  handle(e.revokeOthers, async (ctx) =>
    ok(await revokeOtherSessions(ctx), 'Сеансы на других устройствах завершены'),
  ),
  handle(e.settings, async (ctx) => ok(await getSecuritySettings(ctx))),
  handle(e.updateSettings, async (ctx, { body }) =>
    ok(await updateSecuritySettings(ctx, body), 'Настройки сохранены'),
  ),
  handle(e.adminList, async (ctx, { params, query }) => {
    const page = await listUserSessions(ctx, { ...params, ...query });
    return listOk(page.items, page.meta, 'Сеансы пользователя');
  }),
  handle(e.adminRevoke, async (ctx, { params }) => {
    await revokeUserSession(ctx, params);
    return ok(null, 'Сеанс завершён');
  }),
]);

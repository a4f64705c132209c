import { sessionsEndpoints as e } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOk, ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
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
    return listOk(page.items, page.meta, tr('Сеансы'));
  }),
  handle(e.revoke, async (ctx, { params }) => {
    await revokeSession(ctx, params);
    return ok(null, text('Сеанс завершён'));
  }),
  handle(e.revokeOthers, async (ctx) =>
    ok(await revokeOtherSessions(ctx), tr('Сеансы на других устройствах завершены')),
  ),
  handle(e.settings, async (ctx) => ok(await getSecuritySettings(ctx))),
  handle(e.updateSettings, async (ctx, { body }) =>
    ok(await updateSecuritySettings(ctx, body), tr('Настройки сохранены')),
  ),
  handle(e.adminList, async (ctx, { params, query }) => {
    const page = await listUserSessions(ctx, { ...params, ...query });
    return listOk(page.items, page.meta, tr('Сеансы пользователя'));
  }),
  handle(e.adminRevoke, async (ctx, { params }) => {
    await revokeUserSession(ctx, params);
    return ok(null, text('Сеанс завершён'));
  }),
]);

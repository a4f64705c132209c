import { tokensEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOk, ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { loadLoginCodeSecret } from '../../lib/login-code-secret';
import { createToken, listTokens, listUserTokens, revokeToken, revokeUserToken } from './tokens.service';

// Personal access tokens (issue 29): one's own under profile/tokens, any user's for admins.
export default routes(async (app) => {
  const tokenSecret = await loadLoginCodeSecret(app.config.LOGIN_CODE_SECRET, app.config.DATA_DIR);
  return [
    handle(e.list, async (ctx, { query }) => {
      const page = await listTokens(ctx, query);
      return listOk(page.items, page.meta, tr('Токены доступа'));
    }),
    handle(e.create, async (ctx, { body }) =>
      ok(
        await createToken({ ...ctx, tokenSecret }, body),
        tr('Токен создан. Скопируйте его: он показан один раз'),
      ),
    ),
    handle(e.revoke, async (ctx, { params }) => {
      await revokeToken(ctx, params);
      return ok(null, tr('Токен отозван'));
    }),
    handle(e.adminList, async (ctx, { params, query }) => {
      const page = await listUserTokens(ctx, { ...params, ...query });
      return listOk(page.items, page.meta, tr('Токены доступа пользователя'));
    }),
    handle(e.adminRevoke, async (ctx, { params }) => {
      await revokeUserToken(ctx, params);
      return ok(null, tr('Токен отозван'));
    }),
  ];
});

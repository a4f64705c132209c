import { adminWebhooksEndpoints as a, webhooksEndpoints as o } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { listDeliveries, retryDelivery, testWebhook } from './webhooks.deliveries';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rotateSecret,
  showSecret,
  updateWebhook,
} from './webhooks.service';

// Who may call what: docs/authorization/webhooks.md. The same verbs serve an organization's endpoints
// (/organizations/{id}/webhooks) and the install-wide ones (/admin/webhooks).
const org = (params: { id: number }) => ({ organizationId: params.id });
const install = { organizationId: null };

export default routes(() => [
  handle(o.list, async (ctx, { params }) => ok(await listWebhooks(ctx, org(params)), tr('Вебхуки'))),
  handle(o.create, async (ctx, { params, body }) =>
    ok(await createWebhook(ctx, org(params), body), text('Вебхук добавлен')),
  ),
  handle(o.get, async (ctx, { params }) => ok(await getWebhook(ctx, org(params), params.wid), tr('Вебхук'))),
  handle(o.update, async (ctx, { params, body }) =>
    ok(await updateWebhook(ctx, org(params), params.wid, body), tr('Вебхук сохранён')),
  ),
  handle(o.delete, async (ctx, { params }) => {
    await deleteWebhook(ctx, org(params), params.wid);
    return ok(null, text('Вебхук удалён'));
  }),
  handle(o.secret, async (ctx, { params }) =>
    ok(await showSecret(ctx, org(params), params.wid), tr('Секрет')),
  ),
  handle(o.rotateSecret, async (ctx, { params }) =>
    ok(await rotateSecret(ctx, org(params), params.wid), tr('Секрет заменён')),
  ),
  handle(o.test, async (ctx, { params }) =>
    ok(await testWebhook(ctx, org(params), params.wid), tr('Тест отправлен')),
  ),
  handle(o.deliveries, async (ctx, { params, query }) =>
    ok(await listDeliveries(ctx, org(params), params.wid, query), tr('Доставки')),
  ),
  handle(o.retry, async (ctx, { params }) =>
    ok(await retryDelivery(ctx, org(params), params.wid, params.did), tr('Доставка повторена')),
  ),

  handle(a.list, async (ctx) => ok(await listWebhooks(ctx, install), tr('Вебхуки'))),
  handle(a.create, async (ctx, { body }) =>
    ok(await createWebhook(ctx, install, body), text('Вебхук добавлен')),
  ),
  handle(a.get, async (ctx, { params }) => ok(await getWebhook(ctx, install, params.wid), tr('Вебхук'))),
  handle(a.update, async (ctx, { params, body }) =>
    ok(await updateWebhook(ctx, install, params.wid, body), tr('Вебхук сохранён')),
  ),
  handle(a.delete, async (ctx, { params }) => {
    await deleteWebhook(ctx, install, params.wid);
    return ok(null, text('Вебхук удалён'));
  }),
  handle(a.secret, async (ctx, { params }) => ok(await showSecret(ctx, install, params.wid), tr('Секрет'))),
  handle(a.rotateSecret, async (ctx, { params }) =>
    ok(await rotateSecret(ctx, install, params.wid), tr('Секрет заменён')),
  ),
  handle(a.test, async (ctx, { params }) =>
    ok(await testWebhook(ctx, install, params.wid), tr('Тест отправлен')),
  ),
  handle(a.deliveries, async (ctx, { params, query }) =>
    ok(await listDeliveries(ctx, install, params.wid, query), tr('Доставки')),
  ),
  handle(a.retry, async (ctx, { params }) =>
    ok(await retryDelivery(ctx, install, params.wid, params.did), tr('Доставка повторена')),
  ),
]);

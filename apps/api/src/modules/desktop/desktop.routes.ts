import { desktopEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOkJson, ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { lookupRateLimit } from '../../plugins/rate-limit';
import { finishAdding, listCollaborators, startAdding } from './desktop.service';

export default routes(() => [
  handle(e.collaborators, async (ctx, { params, query }) => {
    const { page, perPage, name } = query;
    const list = await listCollaborators(ctx, { organizationId: params.id, page, perPage, search: name });
    return listOkJson(list.items, list.meta, tr('Участники организации'));
  }),

  handle(e.searchCollaborators, async (ctx, { params, query }) => {
    // The path's text is the search; a `name` query, if also given, gives way to it.
    const { page, perPage } = query;
    const list = await listCollaborators(ctx, {
      organizationId: params.id,
      page,
      perPage,
      search: params.search,
    });
    return listOkJson(list.items, list.meta, tr('Участники организации'));
  }),

  handle(
    e.startAdding,
    async (ctx, { params, body }, request) => {
      // Each address is an exact-e-mail lookup (decision 0190).
      await request.server.countEmailLookups(request, new Set(body.emails).size);
      return ok(
        await startAdding(ctx, { organizationId: params.id, emails: body.emails }),
        tr('Данные для добавления участников'),
      );
    },
    // Tells which addresses have accounts: limited per caller as profile/search is (decision 0087).
    { config: lookupRateLimit('desktop-start-adding') },
  ),

  handle(
    e.finishAdding,
    async (ctx, { params, body }) => {
      const { members, byManager } = await finishAdding(ctx, {
        organizationId: params.id,
        accountIds: body.accountIds,
        keys: body.keys ?? {},
      });
      return ok(members, byManager ? tr('Участники добавлены') : tr('Запросы на вступление отправлены'));
    },
    // Adds accounts by id, as add-member does, and answers their e-mails: limited per caller like it.
    { config: lookupRateLimit('desktop-finish-adding') },
  ),
]);

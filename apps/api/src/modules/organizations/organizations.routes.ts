import { organizationsEndpoints as e } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOk, listOkJson, ok, okJson } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { lookupRateLimit } from '../../plugins/rate-limit';
import { acceptMember, addMember, listPendingUsers, removeMember, updateMemberType } from './members.service';
import { listAllOrganizations } from './organizations.admin-list';
import { listTypes } from './organizations.list';
import { listMyOrganizations } from './organizations.queries';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  updateOrganization,
} from './organizations.service';

// Who may call what: docs/authorization/organizations.md.
export default routes(() => [
  handle(e.list, async (ctx, { query }) => {
    const page = await listMyOrganizations(ctx, query);
    return listOkJson(page.items, page.meta, tr('Список организаций'));
  }),

  handle(e.listAll, async (ctx, { query }) => {
    const page = await listAllOrganizations(ctx, query);
    return listOkJson(page.items, page.meta, tr('Список организаций'));
  }),

  handle(e.pendingUsers, async (ctx, { query }) => {
    const page = await listPendingUsers(ctx, query);
    return listOkJson(page.items, page.meta, tr('Запросы на вступление'));
  }),

  handle(e.memberTypes, async (ctx, { query }) => {
    const page = await listTypes(ctx, { ...query, kind: 'member' });
    return listOk(page.items, page.meta, tr('Типы участников'));
  }),

  handle(e.organizationTypes, async (ctx, { query }) => {
    const page = await listTypes(ctx, { ...query, kind: 'organization' });
    return listOk(page.items, page.meta, tr('Типы организаций'));
  }),

  handle(e.create, async (ctx, { body }) =>
    ok(await createOrganization(ctx, body), text('Организация создана')),
  ),

  handle(e.get, async (ctx, { params }) => okJson(await getOrganization(ctx, params), tr('Организация'))),

  handle(e.update, async (ctx, { params, body }) => {
    await updateOrganization(ctx, { ...body, id: params.id });
    return ok(null, tr('Организация обновлена'));
  }),

  handle(e.delete, async (ctx, { params }) => {
    await deleteOrganization(ctx, params);
    return ok(null, text('Организация удалена'));
  }),

  handle(
    e.addMember,
    async (ctx, { params, body }) => {
      const member = await addMember(ctx, { organizationId: params.id, userId: body.user_id });
      // The caller sent an id, not an address: the text names the person only by a name they chose.
      const message = member.account.name
        ? tr('Пользователь {name} добавлен в организацию', { name: member.account.name })
        : tr('Пользователь добавлен в организацию');
      return ok(member, message);
    },
    // An id is a lookup too: 60 a minute per caller, as profile/search (decision 0087).
    { config: lookupRateLimit('organizations-add-member') },
  ),

  handle(e.removeMember, async (ctx, { params, body }) =>
    ok(null, await removeMember(ctx, { organizationId: params.id, userId: body.user_id })),
  ),

  handle(e.updateMemberType, async (ctx, { params, body }) => {
    const member = await updateMemberType(ctx, {
      organizationId: params.id,
      userId: body.user_id,
      typeId: body.type,
    });
    return ok(member, tr('Тип участника обновлён'));
  }),

  handle(e.acceptMember, async (ctx, { params, body }) => {
    const member = await acceptMember(ctx, { organizationId: params.id, userId: body.user_id });
    return ok(member, tr('Участник принят в организацию'));
  }),
]);

import { plansEndpoints as e } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOkJson, ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { deletePlan, getPlanDeletion } from './plans.deletion';
import { createPlan, getPlan, listPlans, updatePlan } from './plans.service';

// Plans (tariffs, "subscribes"): any signed-in user reads, admins write (docs/authorization/plans-and-payments.md).
// The checkout call under the same path (get-subscribe-info) lives with the payments module.
export default routes(() => [
  handle(e.list, async (ctx, { query }) => {
    const page = await listPlans(ctx, query);
    return listOkJson(page.items, page.meta);
  }),

  handle(e.get, async (ctx, { params }) => ok(await getPlan(ctx, params))),

  handle(e.create, async (ctx, { body }) =>
    ok(await createPlan(ctx, body), tr('Тарифный план успешно создан')),
  ),

  handle(e.update, async (ctx, { params, body }) =>
    ok(await updatePlan(ctx, { ...body, id: params.id }), tr('Тарифный план успешно отредактирован')),
  ),

  handle(e.deletion, async (ctx, { params }) => ok(await getPlanDeletion(ctx, params))),

  handle(e.delete, async (ctx, { params }) => {
    await deletePlan(ctx, params);
    return ok(null, text('Тариф удалён'));
  }),
]);

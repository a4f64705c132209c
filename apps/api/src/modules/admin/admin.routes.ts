import { adminEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { countOrganizations, countPlans, countUsers } from './admin.service';

// Admin home counts; every call refuses non-admins with 403 (docs/authorization/plans-and-payments.md).
// The admin actions on a user, in the same table, are modules/users.
export default routes(() => [
  handle(e.usersCount, async (ctx) => ok(await countUsers(ctx))),
  handle(e.organizationsCount, async (ctx) => ok(await countOrganizations(ctx))),
  handle(e.plansCount, async (ctx) => ok(await countPlans(ctx))),
]);

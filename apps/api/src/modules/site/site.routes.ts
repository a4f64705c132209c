import { siteEndpoints as e } from '@cabinet/contracts';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { getSignInOptions, getSiteLinks } from './site.service';

export default routes(() => [
  handle(e.links, async (ctx) => ok(getSiteLinks(ctx))),
  handle(e.signIn, async (ctx) => ok(getSignInOptions(ctx))),
]);

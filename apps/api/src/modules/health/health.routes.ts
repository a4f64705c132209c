import { healthEndpoints as e } from '@cabinet/contracts';
import { unavailable } from '../../lib/app-error';
import { handle, routes } from '../../lib/endpoint-routes';
import { ok } from '../../lib/envelope';
import { tr } from '../../lib/i18n';

export default routes((app) => [
  handle(e.health, async () => ok({ status: 'ok' })),

  handle(e.ready, async (ctx) => {
    try {
      await app.db.pool.query('SELECT 1');
    } catch (error) {
      ctx.log.warn({ err: error }, 'readiness check failed');
      throw unavailable(tr('База данных недоступна'));
    }
    return ok({ status: 'ready' });
  }),
]);

import { paymentsEndpoints as e } from '@cabinet/contracts';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { handle, routes } from '../../lib/endpoint-routes';
import { tr } from '../../lib/i18n';
import { countPayment } from '../../lib/metrics';
import { cancelUrl, ORDER_NOT_FOUND, paymentsConfig, successUrl } from '../payments/payments.config';
import { findSandboxOrder, paySandboxOrder } from './sandbox.service';
import { loadSandboxPage } from './sandbox-page';

// The test-mode sandbox: pages for the browser, not JSON (docs/decisions/0025-test-mode-sandbox.md).
export default routes(async (app) => {
  const config = await paymentsConfig(app.config);
  // The sandbox exists only in test mode: with real credentials these addresses are 404.
  if (!config.testMode) return [];
  const page = await loadSandboxPage();
  const urls = { cancel: cancelUrl(config), success: successUrl(config) };

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  const show = async (ctx: RequestContext, reply: FastifyReply, label: string | undefined) => {
    const order = await findSandboxOrder(ctx, { label });
    if (!order) return html(reply, 404, page.error(tr(ORDER_NOT_FOUND), urls.cancel));
    return html(reply, 200, page.order(order, urls));
  };

  return [
    handle(e.sandboxForm, (ctx, { body }, _request, reply) => show(ctx, reply, body.label)),

    handle(e.sandboxPage, (ctx, { query }, _request, reply) => show(ctx, reply, query.label)),

    handle(e.sandboxPay, async (ctx, { body }, _request, reply) => {
      try {
        const outcome = await paySandboxOrder(ctx, body);
        countPayment('test', outcome.kind === 'applied' ? 'succeeded' : 'duplicate');
      } catch (error) {
        countPayment('test', error instanceof AppError ? 'refused' : 'failed');
        if (!(error instanceof AppError)) throw error;
        return html(reply, error.statusCode, page.error(error.message, urls.cancel));
      }
      return reply.header('cache-control', 'no-store').redirect(urls.success, 303);
    }),
  ];
});

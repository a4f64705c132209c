import {
  MessageResponseSchema,
  PaymentListQuerySchema,
  PaymentListResponseSchema,
  PaymentNotificationSchema,
  PaymentSettingsResponseSchema,
  SubscribeInfoRequestSchema,
  SubscribeInfoResponseSchema,
} from '@cabinet/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { createCheckout } from './checkout.service';
import { listPayments } from './history.service';
import { applyPaymentNotification, OUTCOME_MESSAGES } from './notifications.service';
import { loadOrCreatePaymentSecret } from './payment-secret';
import { cancelUrl, type PaymentsConfig, periodText, successUrl } from './payments.config';
import { findSandboxOrder, paySandboxOrder } from './sandbox.service';
import { renderSandboxError, renderSandboxPage } from './sandbox-page';

// Registered at /api: the checkout call, the history, the provider's callback and the test-mode sandbox
// (product-decisions "Plans and payments"; docs/authorization/plans-and-payments.md).

/** The fields the cabinet posts to the sandbox: the quickpay form. Only the label matters to us. */
const SandboxFormSchema = z.looseObject({ label: z.string().max(64).optional() });
const SandboxPaySchema = z
  .object({ label: z.string().regex(/^[0-9a-f]{32}$/, 'Некорректный номер заказа') })
  .strict();

const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const env = app.config;
  const { YOOMONEY_RECEIVER: receiver, YOOMONEY_SECRET: yoomoneySecret } = env;
  // env.ts lets live mode start only with both YooMoney settings, and test mode only with neither.
  const live = env.PAYMENTS_MODE === 'live' && receiver !== undefined && yoomoneySecret !== undefined;
  const config: PaymentsConfig = {
    testMode: !live,
    mode: live ? 'live' : 'test',
    receiver: live ? receiver : 'test',
    secret: live ? yoomoneySecret : await loadOrCreatePaymentSecret(env.DATA_DIR),
    publicUrl: env.PUBLIC_URL,
    commission: env.PAYMENT_COMMISSION,
  };

  app.post(
    '/v1/rest/subscribes/get-subscribe-info',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'Checkout: a pending order and the payment form that pays it',
        body: SubscribeInfoRequestSchema,
        response: { 200: SubscribeInfoResponseSchema },
      },
    },
    async (request) => {
      const { userId, isAdmin } = currentUser(request);
      const data = await createCheckout(app.prisma, config, { userId, isAdmin }, request.body);
      return { success: true as const, message: '', data };
    },
  );

  app.get(
    '/v1/rest/payments',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "Payment history, newest first: the caller's own (admins: everyone's, or user_id's)",
        querystring: PaymentListQuerySchema,
        response: { 200: PaymentListResponseSchema },
      },
    },
    async (request) => {
      const { userId, isAdmin } = currentUser(request);
      return {
        success: true as const,
        message: '',
        ...(await listPayments(app.prisma, { userId, isAdmin }, request.query)),
      };
    },
  );

  app.get(
    '/v1/rest/payments/settings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'Whether payments run in test mode (the sandbox) or take real money',
        querystring: z.object({}).strict(),
        response: { 200: PaymentSettingsResponseSchema },
      },
    },
    async () => ({
      success: true as const,
      message: '',
      data: { test_mode: config.testMode, mode: config.mode },
    }),
  );

  app.post(
    '/subscribe/buy',
    {
      schema: {
        tags: ['payments'],
        summary:
          "YooMoney's HTTP notification (x-www-form-urlencoded); grants the plan once per operation_id",
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        body: PaymentNotificationSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const outcome = await applyPaymentNotification(app.prisma, config, request.body, request.log);
      return { success: true as const, message: OUTCOME_MESSAGES[outcome.kind], data: null };
    },
  );

  // The sandbox exists only in test mode: with real credentials these addresses are 404.
  if (!config.testMode) return;

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  const showSandbox = async (reply: FastifyReply, label: string | undefined) => {
    const order = label && /^[0-9a-f]{32}$/.test(label) ? await findSandboxOrder(app.prisma, label) : null;
    if (!order) return html(reply, 404, renderSandboxError('Заказ не найден', cancelUrl(config)));
    const view = {
      label: order.label,
      planName: order.plan.name,
      period: periodText(order.period),
      sum: order.amount.toFixed(2),
      paid: order.status === 'paid',
    };
    return html(
      reply,
      200,
      renderSandboxPage(view, { cancel: cancelUrl(config), success: successUrl(config) }),
    );
  };

  app.post(
    '/subscribe/sandbox',
    {
      schema: {
        tags: ['payments'],
        summary: "Test mode: the page 'Тестовая оплата' the payment form posts to (HTML)",
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        produces: ['text/html'],
        body: SandboxFormSchema,
      },
    },
    async (request, reply) => showSandbox(reply, request.body.label),
  );

  app.get(
    '/subscribe/sandbox',
    {
      schema: {
        tags: ['payments'],
        summary: "Test mode: the page 'Тестовая оплата' for ?label= (HTML)",
        security: [],
        produces: ['text/html'],
        querystring: SandboxFormSchema,
      },
    },
    async (request, reply) => showSandbox(reply, request.query.label),
  );

  app.post(
    '/subscribe/sandbox/pay',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Test mode: 'Оплатить' sends a signed notification through the /subscribe/buy code path, then 303",
        security: [],
        consumes: ['application/x-www-form-urlencoded'],
        body: SandboxPaySchema,
      },
    },
    async (request, reply) => {
      try {
        await paySandboxOrder(app.prisma, config, request.body.label, request.log);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return html(reply, error.statusCode, renderSandboxError(error.message, cancelUrl(config)));
      }
      return reply.header('cache-control', 'no-store').redirect(successUrl(config), 303);
    },
  );
};

export default paymentsRoutes;

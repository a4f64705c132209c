import {
  IdParamsSchema,
  RefundListQuerySchema,
  RefundListResponseSchema,
  RefundResponseSchema,
} from '@cabinet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { listRefunds, resolveRefund } from './refunds.service';

// Registered at /api/v1/rest/admin/refunds: refund cases for site admins only (401, 403 otherwise;
// docs/authorization/plans-and-payments.md, docs/decisions/0092-refund-cases.md).

const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['payments'],
        summary: 'Signed payments that bought nothing, newest first: to be returned by hand (admins)',
        querystring: RefundListQuerySchema,
        response: { 200: RefundListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      ...(await listRefunds(app.prisma, request.query)),
    }),
  );

  app.post(
    '/:id/resolve',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['payments'],
        summary: 'Marks a refund case as returned (admins); marking it again changes nothing',
        params: IdParamsSchema,
        response: { 200: RefundResponseSchema },
      },
    },
    async (request) => {
      const data = await resolveRefund(app.prisma, request.params.id, { email: currentUser(request).email });
      return { success: true as const, message: 'Возврат отмечен', data };
    },
  );
};

export default refundsRoutes;

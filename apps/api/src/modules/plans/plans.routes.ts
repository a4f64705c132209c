import {
  IdParamsSchema,
  PlanCreateRequestSchema,
  PlanDeleteResponseSchema,
  PlanListQuerySchema,
  PlanListResponseSchema,
  PlanResponseSchema,
  PlanUpdateRequestSchema,
} from '@cabinet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans.service';

// Plans (tariffs, "subscribes"): any signed-in user reads, admins write (docs/authorization/plans-and-payments.md).
// The checkout call under this prefix (get-subscribe-info) lives with the payments module.
const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['plans'],
        summary: 'Plans: page, perPage, sort_by, order and filters (docs/decisions/0020-plan-list-query.md)',
        querystring: PlanListQuerySchema,
        response: { 200: PlanListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      ...(await listPlans(app.prisma, request.query)),
    }),
  );

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['plans'],
        summary: 'One plan',
        params: IdParamsSchema,
        response: { 200: PlanResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: await getPlan(app.prisma, request.params.id),
    }),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['plans'],
        summary: 'Create a plan (admins)',
        body: PlanCreateRequestSchema,
        response: { 200: PlanResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Тарифный план успешно создан',
      data: await createPlan(app.prisma, request.body),
    }),
  );

  app.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['plans'],
        summary: 'Edit a plan (admins); description may be left out',
        params: IdParamsSchema,
        body: PlanUpdateRequestSchema,
        response: { 200: PlanResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Тарифный план успешно отредактирован',
      data: await updatePlan(app.prisma, request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['plans'],
        summary: 'Delete a plan nobody holds or paid for (admins); 409 with the reason otherwise',
        params: IdParamsSchema,
        response: { 200: PlanDeleteResponseSchema },
      },
    },
    async (request) => {
      await deletePlan(app.prisma, request.params.id);
      return { success: true as const, message: 'Тариф удалён', data: null };
    },
  );
};

export default plansRoutes;

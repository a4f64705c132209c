import { CountResponseSchema } from '@cabinet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Prisma } from '../../plugins/db/database';
import { countOrganizations, countPlans, countUsers } from './admin.service';

// Admin home counts; every call refuses non-admins with 403 (docs/authorization/plans-and-payments.md).
const COUNTS: { path: string; summary: string; count: (prisma: Prisma) => Promise<number> }[] = [
  { path: '/users-count', summary: 'How many users there are (admins)', count: countUsers },
  {
    path: '/organizations-count',
    summary: 'How many organizations there are (admins)',
    count: countOrganizations,
  },
  { path: '/subscribes-count', summary: 'How many plans there are (admins)', count: countPlans },
];

/** These calls take no parameters: anything in the query string is a 400, as everywhere. */
const NoQuerySchema = z.object({}).strict();

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { path, summary, count } of COUNTS) {
    app.get(
      path,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary,
          querystring: NoQuerySchema,
          response: { 200: CountResponseSchema },
        },
      },
      async () => ({ success: true as const, message: '', data: { count: await count(app.prisma) } }),
    );
  }
};

export default adminRoutes;

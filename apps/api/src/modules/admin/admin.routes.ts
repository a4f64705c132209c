import { CountResponseSchema, UsersCountResponseSchema } from '@cabinet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Prisma } from '../../plugins/db/database';
import { countUnverifiedUsers } from '../users/unverified-accounts';
import { countOrganizations, countPlans, countUsers } from './admin.service';

// Admin home counts; every call refuses non-admins with 403 (docs/authorization/plans-and-payments.md).
const COUNTS: { path: string; summary: string; count: (prisma: Prisma) => Promise<number> }[] = [
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
  const tags = ['admin'];

  app.get(
    '/users-count',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'How many users there are, and how many of them have not confirmed their e-mail (admins)',
        querystring: NoQuerySchema,
        response: { 200: UsersCountResponseSchema },
      },
    },
    async () => {
      const [count, unverified] = await Promise.all([
        countUsers(app.prisma),
        countUnverifiedUsers(app.prisma),
      ]);
      return { success: true as const, message: '', data: { count, unverified } };
    },
  );

  for (const { path, summary, count } of COUNTS) {
    app.get(
      path,
      {
        onRequest: app.requireAdmin,
        schema: { tags, summary, querystring: NoQuerySchema, response: { 200: CountResponseSchema } },
      },
      async () => ({ success: true as const, message: '', data: { count: await count(app.prisma) } }),
    );
  }
};

export default adminRoutes;

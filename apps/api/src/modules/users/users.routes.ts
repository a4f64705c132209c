import {
  AdminUserBlockResponseSchema,
  AdminUserLogoutResponseSchema,
  IdParamsSchema,
} from '@cabinet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { logoutUser, setUserBlocked } from './users.service';

// Admin actions on a user (issue 5), under /api/v1/rest/admin/users. Admins only; never against oneself.
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];

  app.post(
    '/:id/logout',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "End all of the user's sessions ('Разлогинить')",
        params: IdParamsSchema,
        response: { 200: AdminUserLogoutResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Все сеансы пользователя завершены',
      data: await logoutUser(app.prisma, currentUser(request).userId, request.params.id),
    }),
  );

  app.post(
    '/:id/block',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Block sign-in and end all sessions ('Заблокировать')",
        params: IdParamsSchema,
        response: { 200: AdminUserBlockResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Пользователь заблокирован',
      data: await setUserBlocked(app.prisma, currentUser(request).userId, request.params.id, true),
    }),
  );

  app.post(
    '/:id/unblock',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Allow sign-in again',
        params: IdParamsSchema,
        response: { 200: AdminUserBlockResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Пользователь разблокирован',
      data: await setUserBlocked(app.prisma, currentUser(request).userId, request.params.id, false),
    }),
  );
};

export default usersRoutes;

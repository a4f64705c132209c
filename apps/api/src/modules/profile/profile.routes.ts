import {
  AccountDeletePreviewResponseSchema,
  EmailConfirmRequestSchema,
  envelope,
  IdParamsSchema,
  MessageResponseSchema,
  ProfileSchema,
  ProfileUpdateRequestSchema,
  ProfileUpdateResponseSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserSearchResponseSchema,
} from '@cabinet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { lookupRateLimit } from '../../plugins/rate-limit';
import { confirmEmailChange } from './email-change.service';
import { deleteAccount, getDeletePreview, getProfile, updateProfile } from './profile.service';
import { listUsers, searchUsers } from './users-list.service';

/**
 * E-mail change codes tried per account an hour, across codes: with 5 wrong tries a code and a new code a
 * minute, guessing would otherwise reach thousands of tries a day (decision 0085).
 */
const EMAIL_CONFIRMS_PER_HOUR = 10;

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];

  app.get(
    '/me',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'The signed-in user', response: { 200: envelope(ProfileSchema) } },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: await getProfile(app.prisma, currentUser(request).userId, app.config.PUBLIC_URL),
    }),
  );

  app.get(
    '/list',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Users: admins see everyone, others the members of their organizations',
        querystring: UserListQuerySchema,
        response: { 200: UserListResponseSchema },
      },
    },
    async (request) => {
      const page = await listUsers(app.prisma, currentUser(request), request.query, app.config.PUBLIC_URL);
      return { success: true as const, message: '', data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/search',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Find users: the exact e-mail for everyone; substring of e-mail or name, or id, for admins',
        querystring: UserListQuerySchema,
        response: { 200: UserSearchResponseSchema },
      },
      config: lookupRateLimit('profile-search'),
    },
    async (request) => {
      const page = await searchUsers(app.prisma, currentUser(request), request.query);
      return { success: true as const, message: '', data: page.items, meta: page.meta };
    },
  );

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A user as profile/me shows them (self or admin)',
        params: IdParamsSchema,
        response: { 200: envelope(ProfileSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!user.isAdmin && user.userId !== request.params.id) throw forbidden('Недостаточно прав');
      return {
        success: true as const,
        message: '',
        data: await getProfile(app.prisma, request.params.id, app.config.PUBLIC_URL),
      };
    },
  );

  app.put(
    '/update/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Update name, e-mail or avatar (self or admin)',
        params: IdParamsSchema,
        body: ProfileUpdateRequestSchema,
        response: { 200: ProfileUpdateResponseSchema },
      },
    },
    async (request) => {
      const { result, codeSentTo, cancelled } = await updateProfile(
        { prisma: app.prisma, mailer: app.mailer },
        currentUser(request),
        request.params.id,
        request.body ?? {},
      );
      // The caller typed this address: naming it back tells nothing new.
      const message = codeSentTo
        ? `Данные пользователя обновлены. Чтобы сменить эл. почту, введите код из письма, отправленного на ${codeSentTo}. До этого действует прежний адрес.`
        : cancelled
          ? 'Данные пользователя обновлены. Смена адреса эл. почты отменена.'
          : 'Данные пользователя обновлены';
      return { success: true as const, message, data: result };
    },
  );

  app.post(
    '/confirm-email',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Confirms a pending e-mail change with the code mailed to the new address',
        body: EmailConfirmRequestSchema,
        response: { 200: ProfileUpdateResponseSchema },
      },
      config: {
        rateLimit: {
          hook: 'preHandler',
          timeWindow: '1 hour',
          max: EMAIL_CONFIRMS_PER_HOUR,
          keyGenerator: (request) => `profile-confirm-email:${request.ctx.actor?.userId ?? request.ip}`,
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Адрес эл. почты изменён',
      data: await confirmEmailChange(app.prisma, currentUser(request).userId, request.body.code),
    }),
  );

  app.get(
    '/delete-preview/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The organizations that are deleted with the account (self or admin)',
        params: IdParamsSchema,
        response: { 200: AccountDeletePreviewResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: '',
      data: await getDeletePreview(app.prisma, currentUser(request), request.params.id),
    }),
  );

  app.delete(
    '/delete/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete the account with the organizations it owns (self or admin; never the last admin)',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const onOrphan = (err: unknown) =>
        request.log.warn({ err, userId: id }, 'a stored file of a deleted account was left behind');
      await deleteAccount({ prisma: app.prisma, storage: app.storage, onOrphan }, currentUser(request), id);
      return { success: true as const, message: 'Пользователь удалён', data: null };
    },
  );
};

export default profileRoutes;

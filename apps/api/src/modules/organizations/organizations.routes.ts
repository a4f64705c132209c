import {
  AddMemberSchema,
  AdminOrganizationListQuerySchema,
  AdminOrganizationListResponseSchema,
  CreateOrganizationSchema,
  IdParamsSchema,
  MemberResponseSchema,
  MemberUserSchema,
  MessageResponseSchema,
  OrganizationListQuerySchema,
  OrganizationListResponseSchema,
  OrganizationResponseSchema,
  PendingUsersQuerySchema,
  PendingUsersResponseSchema,
  TypeListQuerySchema,
  TypeListResponseSchema,
  UpdateMemberTypeSchema,
  UpdateOrganizationSchema,
} from '@cabinet/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/app-error';
import { currentUser } from '../../plugins/auth';
import { lookupRateLimit } from '../../plugins/rate-limit';
import { acceptMember, addMember, listPendingUsers, removeMember, updateMemberType } from './members.service';
import type { Actor } from './organizations.access';
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  listTypes,
  updateOrganization,
} from './organizations.service';

const tags = ['organizations'];

export const actorOf = (request: FastifyRequest): Actor => {
  const user = currentUser(request);
  return { userId: user.userId, isAdmin: user.isAdmin };
};

// Who may call what: docs/authorization/organizations.md.
const organizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.PUBLIC_URL;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The caller's organizations (owned or active member)",
        querystring: OrganizationListQuerySchema,
        response: { 200: OrganizationListResponseSchema },
      },
    },
    async (request) => {
      const { data, meta } = await listOrganizations(
        app.prisma,
        actorOf(request),
        request.query,
        publicUrl,
        'mine',
      );
      // The admin-only owner field is not part of this answer.
      return { success: true as const, message: 'Список организаций', data, meta };
    },
  );

  app.get(
    '/list',
    {
      // The session is already checked by the plugin-wide hook; this only adds the admin rule.
      onRequest: async (request) => {
        if (!currentUser(request).isAdmin) throw forbidden('Доступно только администраторам');
      },
      schema: {
        tags,
        summary: 'All organizations, with the owner (admins); user_id keeps those a user owns or is in',
        querystring: AdminOrganizationListQuerySchema,
        response: { 200: AdminOrganizationListResponseSchema },
      },
    },
    async (request) => {
      const { data, meta } = await listOrganizations(
        app.prisma,
        actorOf(request),
        request.query,
        publicUrl,
        'all',
      );
      return { success: true as const, message: 'Список организаций', data, meta };
    },
  );

  app.get(
    '/pending-users',
    {
      schema: {
        tags,
        summary: 'Join requests in organizations the caller owns (admins: all)',
        querystring: PendingUsersQuerySchema,
        response: { 200: PendingUsersResponseSchema },
      },
    },
    async (request) => {
      const { data, meta } = await listPendingUsers(app.prisma, actorOf(request), request.query, publicUrl);
      return { success: true as const, message: 'Запросы на вступление', data, meta };
    },
  );

  app.get(
    '/member-types-list',
    {
      schema: {
        tags,
        summary: 'Member types',
        querystring: TypeListQuerySchema,
        response: { 200: TypeListResponseSchema },
      },
    },
    async (request) => {
      const { data, meta } = await listTypes(app.prisma, 'member', request.query);
      return { success: true as const, message: 'Типы участников', data, meta };
    },
  );

  app.get(
    '/org-types-list',
    {
      schema: {
        tags,
        summary: 'Organization types',
        querystring: TypeListQuerySchema,
        response: { 200: TypeListResponseSchema },
      },
    },
    async (request) => {
      const { data, meta } = await listTypes(app.prisma, 'organization', request.query);
      return { success: true as const, message: 'Типы организаций', data, meta };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Creates an organization with its owner (admins may pass members: the first is the owner)',
        body: CreateOrganizationSchema,
        response: { 200: OrganizationResponseSchema },
      },
    },
    async (request) => {
      const data = await createOrganization(app.prisma, actorOf(request), request.body, publicUrl);
      return { success: true as const, message: 'Организация создана', data };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One organization with all its members (active members and admins)',
        params: IdParamsSchema,
        response: { 200: OrganizationResponseSchema },
      },
    },
    async (request) => {
      const data = await getOrganization(app.prisma, actorOf(request), request.params.id, publicUrl);
      return { success: true as const, message: 'Организация', data };
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Updates name, type and avatar (owner and admins; image_id null removes the avatar)',
        params: IdParamsSchema,
        body: UpdateOrganizationSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await updateOrganization(app.prisma, actorOf(request), request.params.id, request.body);
      return { success: true as const, message: 'Организация обновлена', data: null };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        summary: 'Deletes the organization and its memberships (owner and admins)',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await deleteOrganization(app.prisma, actorOf(request), request.params.id);
      return { success: true as const, message: 'Организация удалена', data: null };
    },
  );

  app.post(
    '/add-member/:id',
    {
      schema: {
        tags,
        summary: 'Adds an existing user as an active member, type 2 (owner and admins)',
        params: IdParamsSchema,
        body: AddMemberSchema,
        response: { 200: MemberResponseSchema },
      },
      // An id is a lookup too: 60 a minute per caller, as profile/search (decision 0087).
      config: lookupRateLimit('organizations-add-member'),
    },
    async (request) => {
      const data = await addMember(
        app.prisma,
        actorOf(request),
        request.params.id,
        request.body.user_id,
        publicUrl,
      );
      // The caller sent an id, not an address: the text names the person only by a name they chose.
      const message = data.account.name
        ? `Пользователь ${data.account.name} добавлен в организацию`
        : 'Пользователь добавлен в организацию';
      return { success: true as const, message, data };
    },
  );

  app.delete(
    '/delete-member/:id',
    {
      schema: {
        tags,
        summary: 'Removes a member or rejects a join request (owner and admins); a member may leave',
        params: IdParamsSchema,
        body: MemberUserSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const message = await removeMember(
        app.prisma,
        actorOf(request),
        request.params.id,
        request.body.user_id,
      );
      return { success: true as const, message, data: null };
    },
  );

  app.put(
    '/update-member-type/:id',
    {
      schema: {
        tags,
        summary: "Sets a member's type; only 2 is assignable, the owner cannot be demoted (owner and admins)",
        params: IdParamsSchema,
        body: UpdateMemberTypeSchema,
        response: { 200: MemberResponseSchema },
      },
    },
    async (request) => {
      const { user_id, type } = request.body;
      const data = await updateMemberType(
        app.prisma,
        actorOf(request),
        request.params.id,
        user_id,
        type,
        publicUrl,
      );
      return { success: true as const, message: 'Тип участника обновлён', data };
    },
  );

  app.post(
    '/accept-member/:id',
    {
      schema: {
        tags,
        summary: 'Accepts a join request: the pending member becomes active (owner and admins)',
        params: IdParamsSchema,
        body: MemberUserSchema,
        response: { 200: MemberResponseSchema },
      },
    },
    async (request) => {
      const data = await acceptMember(
        app.prisma,
        actorOf(request),
        request.params.id,
        request.body.user_id,
        publicUrl,
      );
      return { success: true as const, message: 'Участник принят в организацию', data };
    },
  );
};

export default organizationsRoutes;

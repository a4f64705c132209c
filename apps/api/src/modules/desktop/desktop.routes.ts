import {
  CollaboratorsQuerySchema,
  CollaboratorsResponseSchema,
  CollaboratorsSearchParamsSchema,
  FinishAddingResponseSchema,
  FinishAddingSchema,
  IdParamsSchema,
  StartAddingResponseSchema,
  StartAddingSchema,
} from '@cabinet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupRateLimit } from '../../plugins/rate-limit';
import { actorOf } from '../organizations/organizations.routes';
import { finishAdding, listCollaborators, startAdding } from './desktop.service';

const tags = ['desktop'];

// The desktop app's collaborator calls (product-decisions, "Desktop collaborator calls"). Authenticated
// like every call (the app sends Authorization: Bearer); the caller must be an active member, else 404.
const desktopRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.PUBLIC_URL;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/collaborators',
    {
      schema: {
        tags,
        summary: 'Members of the organization with their accounts; name filters by name or e-mail',
        params: IdParamsSchema,
        querystring: CollaboratorsQuerySchema,
        response: { 200: CollaboratorsResponseSchema },
      },
    },
    async (request) => {
      const { page, perPage, name } = request.query;
      const query = { page, perPage, search: name };
      const { data, meta } = await listCollaborators(
        app.prisma,
        actorOf(request),
        request.params.id,
        query,
        publicUrl,
      );
      return { success: true as const, message: 'Участники организации', data, meta };
    },
  );

  app.get(
    '/:id/collaborators/search/:search',
    {
      schema: {
        tags,
        summary: 'Members whose name or e-mail contains the search text',
        params: CollaboratorsSearchParamsSchema,
        querystring: CollaboratorsQuerySchema,
        response: { 200: CollaboratorsResponseSchema },
      },
    },
    async (request) => {
      // The path's text is the search; a `name` query, if also given, gives way to it.
      const { page, perPage } = request.query;
      const query = { page, perPage, search: request.params.search };
      const { data, meta } = await listCollaborators(
        app.prisma,
        actorOf(request),
        request.params.id,
        query,
        publicUrl,
      );
      return { success: true as const, message: 'Участники организации', data, meta };
    },
  );

  app.post(
    '/:id/collaborators/start-adding',
    {
      schema: {
        tags,
        summary:
          'Per e-mail: the account id, its key blob in this organization and whether it is auto-linked',
        params: IdParamsSchema,
        body: StartAddingSchema,
        response: { 200: StartAddingResponseSchema },
      },
      // Tells which addresses have accounts: limited per caller as profile/search is (decision 0087).
      config: lookupRateLimit('desktop-start-adding'),
    },
    async (request) => {
      const data = await startAdding(app.prisma, actorOf(request), request.params.id, request.body.emails);
      return { success: true as const, message: 'Данные для добавления участников', data };
    },
  );

  app.post(
    '/:id/collaborators/finish-adding',
    {
      schema: {
        tags,
        summary: 'Creates join requests (active at once when the owner calls) storing each key blob',
        params: IdParamsSchema,
        body: FinishAddingSchema,
        response: { 200: FinishAddingResponseSchema },
      },
    },
    async (request) => {
      const { accountIds, keys } = request.body;
      const { members, isOwner } = await finishAdding(
        app.prisma,
        actorOf(request),
        request.params.id,
        accountIds,
        keys ?? {},
        publicUrl,
      );
      const message = isOwner ? 'Участники добавлены' : 'Запросы на вступление отправлены';
      return { success: true as const, message, data: members };
    },
  );
};

export default desktopRoutes;

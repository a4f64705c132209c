import { profileEndpoints as e } from '@cabinet/contracts';
import type { FastifyRequest } from 'fastify';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOkJson, ok, okJson } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { lookupRateLimit } from '../../plugins/rate-limit';
import { confirmEmailChange, withCodeSecret } from './email-change.service';
import { deleteAccount, getDeletePreview, getProfile, updateProfile } from './profile.service';
import { listUsers, searchUsers } from './users-list.service';

/**
 * E-mail change codes tried per account an hour, across codes: with 5 wrong tries a code and a new code a
 * minute, guessing would otherwise reach thousands of tries a day (decision 0085).
 */
const EMAIL_CONFIRMS_PER_HOUR = 10;

/** A search by an address is one exact-e-mail lookup (decision 0190); anything else finds nobody for a non-admin. */
const emailLookups = (search: string | undefined) => (search?.includes('@') ? 1 : 0);

export default routes(() => [
  handle(e.me, async (ctx) => okJson(await getProfile(ctx, { id: ctx.actor.userId }))),

  handle(e.list, async (ctx, { query }, request) => {
    await request.server.countEmailLookups(request, emailLookups(query.search));
    const page = await listUsers(ctx, query);
    return listOkJson(page.items, page.meta);
  }),

  handle(
    e.search,
    async (ctx, { query }, request) => {
      await request.server.countEmailLookups(request, emailLookups(query.search));
      const page = await searchUsers(ctx, query);
      return listOkJson(page.items, page.meta);
    },
    { config: lookupRateLimit('profile-search') },
  ),

  handle(e.get, async (ctx, { params }) => okJson(await getProfile(ctx, params))),

  handle(e.update, async (ctx, { params, body }) => {
    const { result, codeSentTo, cancelled } = await updateProfile(await withCodeSecret(ctx), {
      ...body,
      id: params.id,
    });
    // The caller typed this address: naming it back tells nothing new.
    const message = codeSentTo
      ? tr(
          'Данные пользователя обновлены. Чтобы сменить эл. почту, введите код из письма, отправленного на {codeSentTo}. До этого действует прежний адрес.',
          { codeSentTo },
        )
      : cancelled
        ? tr('Данные пользователя обновлены. Смена адреса эл. почты отменена.')
        : tr('Данные пользователя обновлены');
    return ok(result, message);
  }),

  handle(
    e.confirmEmail,
    async (ctx, { body }) =>
      ok(await confirmEmailChange(await withCodeSecret(ctx), body), tr('Адрес эл. почты изменён')),
    {
      config: {
        rateLimit: {
          hook: 'preHandler',
          timeWindow: '1 hour',
          max: EMAIL_CONFIRMS_PER_HOUR,
          keyGenerator: (request: FastifyRequest) =>
            `profile-confirm-email:${request.ctx.actor?.userId ?? request.ip}`,
        },
      },
    },
  ),

  handle(e.deletePreview, async (ctx, { params }) => ok(await getDeletePreview(ctx, params))),

  handle(e.delete, async (ctx, { params }) => {
    await deleteAccount(ctx, params);
    return ok(null, tr('Пользователь удалён'));
  }),
]);

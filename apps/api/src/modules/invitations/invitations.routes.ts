import { invitationsEndpoints as e } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { handle, routes } from '../../lib/endpoint-routes';
import { listOkJson, ok, okJson } from '../../lib/envelope';
import { tr, trId } from '../../lib/i18n';
import { lookupRateLimit } from '../../plugins/rate-limit';
import { createInvitation, listInvitations, resendInvitation, revokeInvitation } from './invitations.service';
import {
  acceptInvitation,
  declineInvitation,
  getInvitationByToken,
  listMyInvitations,
} from './invitee.service';

// Who may call what: docs/authorization/organizations.md ("Invitations").

const NOT_MAILED = trId(
  'Приглашение сохранено, но письмо отправить не удалось. Отправьте его повторно через минуту',
);

export default routes(() => [
  handle(
    e.create,
    async (ctx, { params, body }) => {
      const { invitation, mailed } = await createInvitation(ctx, {
        organizationId: params.id,
        email: body.email,
        typeId: body.type_id,
      });
      return ok(
        invitation,
        mailed ? tr('Приглашение отправлено на {email}', { email: invitation.email }) : tr(NOT_MAILED),
      );
    },
    // It mails any address and tells whether one is a member: 60 a minute per caller, as other lookups.
    { config: lookupRateLimit('invitations-create') },
  ),

  handle(e.list, async (ctx, { params, query }) => {
    const page = await listInvitations(ctx, { ...query, organizationId: params.id });
    return listOkJson(page.items, page.meta, tr('Приглашения'));
  }),

  handle(e.resend, async (ctx, { params }) => {
    const { invitation, mailed } = await resendInvitation(ctx, {
      organizationId: params.id,
      invitationId: params.invitationId,
    });
    return ok(
      invitation,
      mailed ? tr('Приглашение повторно отправлено на {email}', { email: invitation.email }) : tr(NOT_MAILED),
    );
  }),

  handle(e.revoke, async (ctx, { params }) => {
    const invitation = await revokeInvitation(ctx, {
      organizationId: params.id,
      invitationId: params.invitationId,
    });
    return ok(invitation, text('Приглашение отозвано'));
  }),

  handle(e.mine, async (ctx, { query }) => {
    const page = await listMyInvitations(ctx, query);
    return listOkJson(page.items, page.meta, tr('Приглашения'));
  }),

  handle(e.byToken, async (ctx, { params }) =>
    okJson(await getInvitationByToken(ctx, params), tr('Приглашение')),
  ),

  handle(e.accept, async (ctx, { params }) => {
    const { member, organizationName } = await acceptInvitation(ctx, params);
    return ok(member, tr('Вы вступили в организацию «{organizationName}»', { organizationName }));
  }),

  handle(e.decline, async (ctx, { params }) =>
    ok(await declineInvitation(ctx, params), text('Приглашение отклонено')),
  ),
]);

import type { Mail } from '../../adapters/smtp';
import type { RequestContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { formatMailDate, inRecipientLocale, personLabel } from '../../lib/mail';
import { composeMail, hello, line, link as mailLink } from '../../lib/mail-compose';
import { memberTypeName } from '../../lib/reference-names';
import { type InvitationRow, invitationLink } from './invitations.mapper';

/**
 * The mail of an invitation (issue 13), in the invitee's language: their account's, else the inviter's
 * (decision 0303). The role is named in that language by its code; a name without one stays as it is.
 */
export function invitationMail(invitation: InvitationRow, link: string): Mail {
  const organization = invitation.organization.name;
  const inviter = invitation.invitedBy ? personLabel(invitation.invitedBy) : tr('Администратор организации');
  const role = memberTypeName(invitation.type);
  return composeMail(invitation.email, tr('Приглашение в организацию «{organization}»', { organization }), [
    hello(),
    [
      line('{inviter} приглашает вас в организацию «{organization}» с ролью «{role}».', {
        inviter,
        organization,
        role,
      }),
    ],
    [mailLink(tr('Принять или отклонить приглашение'), link)],
    [
      line('Ссылка действует до {until} и подходит для одного раза.', {
        until: formatMailDate(invitation.expiresAt),
      }),
      line('Войдите в личный кабинет с этим адресом эл. почты ({email}): приглашение примет только он.', {
        email: invitation.email,
      }),
      line('Если вы не ждали этого письма, просто проигнорируйте его.'),
    ],
  ]);
}

/**
 * Mails an invitation's link, after the transaction that made or renewed it has committed: the one place
 * this mail is sent from. It goes through the outbox (decision 0151): sent at once when SMTP answers, retried
 * when it does not. False only when it could not even be queued (logged): the invitation stands and
 * 'Отправить повторно' can send it again.
 */
export async function sendInvitationMail(
  ctx: RequestContext,
  invitation: InvitationRow,
  token: string,
): Promise<boolean> {
  try {
    const link = invitationLink(ctx.config.PUBLIC_URL, token);
    const mail = await inRecipientLocale(ctx.prisma, { email: invitation.email }, () =>
      invitationMail(invitation, link),
    );
    const key = `invitation:${invitation.id}:${invitation.sentAt.toISOString()}`;
    await ctx.outbox.queue(ctx.prisma, { ...mail, key }, ctx.now);
    await ctx.outbox.flush();
    return true;
  } catch (err) {
    ctx.log.warn({ err, invitationId: invitation.id }, 'the invitation mail was not queued');
    return false;
  }
}

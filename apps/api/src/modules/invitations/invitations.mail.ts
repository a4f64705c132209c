import type { RequestContext } from '../../lib/context';
import { escapeHtml, formatMailDate, type Mail, personLabel } from '../../lib/mail';
import { type InvitationRow, invitationLink } from './invitations.mapper';

/** The mail of an invitation: plain, Russian, with a text part (issue 13). */
export function invitationMail(invitation: InvitationRow, link: string): Mail {
  const organization = invitation.organization.name;
  const inviter = invitation.invitedBy ? personLabel(invitation.invitedBy) : 'Администратор организации';
  const role = invitation.type.name;
  const until = formatMailDate(invitation.expiresAt);
  return {
    to: invitation.email,
    subject: `Приглашение в организацию «${organization}»`,
    text: [
      'Здравствуйте!',
      '',
      `${inviter} приглашает вас в организацию «${organization}» с ролью «${role}».`,
      '',
      `Принять или отклонить приглашение: ${link}`,
      '',
      `Ссылка действует до ${until} и подходит для одного раза.`,
      `Войдите в личный кабинет с этим адресом эл. почты (${invitation.email}): приглашение примет только он.`,
      'Если вы не ждали этого письма, просто проигнорируйте его.',
    ].join('\n'),
    html: `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<p>Здравствуйте!</p>
<p>${escapeHtml(inviter)} приглашает вас в организацию «${escapeHtml(organization)}» с ролью «${escapeHtml(role)}».</p>
<p><a href="${escapeHtml(link)}">Принять или отклонить приглашение</a></p>
<p>Ссылка действует до ${escapeHtml(until)} и подходит для одного раза.<br>
Войдите в личный кабинет с этим адресом эл. почты (${escapeHtml(invitation.email)}): приглашение примет только он.<br>
Если вы не ждали этого письма, просто проигнорируйте его.</p>
</body></html>`,
  };
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
    const mail = invitationMail(invitation, invitationLink(ctx.config.PUBLIC_URL, token));
    const key = `invitation:${invitation.id}:${invitation.sentAt.toISOString()}`;
    await ctx.outbox.queue(ctx.prisma, { ...mail, key }, ctx.now);
    await ctx.outbox.flush();
    return true;
  } catch (err) {
    ctx.log.warn({ err, invitationId: invitation.id }, 'the invitation mail was not queued');
    return false;
  }
}

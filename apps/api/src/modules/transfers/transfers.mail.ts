import type { RequestContext } from '../../lib/context';
import { escapeHtml, formatMailDate, type Mail, personLabel } from '../../lib/mail';

export interface TransferOfferMailData {
  transferId: number;
  organization: { id: number; name: string };
  from: { name: string; email: string };
  to: { email: string };
  expiresAt: Date;
}

/** The mail of an ownership offer: plain, Russian, with a text part (issue 13). */
export function transferOfferMail(offer: TransferOfferMailData, link: string): Mail {
  const organization = offer.organization.name;
  const from = personLabel(offer.from);
  const until = formatMailDate(offer.expiresAt);
  return {
    to: offer.to.email,
    subject: `Вам предлагают стать владельцем организации «${organization}»`,
    text: [
      'Здравствуйте!',
      '',
      `${from} предлагает передать вам организацию «${organization}».`,
      'Приняв предложение, вы станете её владельцем, а прежний владелец — администратором организации.',
      '',
      `Принять или отклонить предложение: ${link}`,
      '',
      `Предложение действует до ${until}.`,
      'Организация должна поместиться в ваш тариф: число организаций и участников в ней.',
    ].join('\n'),
    html: `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<p>Здравствуйте!</p>
<p>${escapeHtml(from)} предлагает передать вам организацию «${escapeHtml(organization)}».<br>
Приняв предложение, вы станете её владельцем, а прежний владелец — администратором организации.</p>
<p><a href="${escapeHtml(link)}">Принять или отклонить предложение</a></p>
<p>Предложение действует до ${escapeHtml(until)}.<br>
Организация должна поместиться в ваш тариф: число организаций и участников в ней.</p>
</body></html>`,
  };
}

/**
 * Mails an ownership offer to the member, after the transaction that made it has committed: the one place
 * this mail is sent from, through the outbox (decision 0151: retried while SMTP is down). False only when it
 * could not be queued (logged): the offer stands and shows in the cabinet.
 */
export async function sendTransferOfferMail(
  ctx: RequestContext,
  offer: TransferOfferMailData,
): Promise<boolean> {
  const link = `${ctx.config.PUBLIC_URL}/app/dashboard/organizations/${offer.organization.id}/collaborators`;
  try {
    const key = `transfer-offer:${offer.transferId}`;
    await ctx.outbox.queue(ctx.prisma, { ...transferOfferMail(offer, link), key }, ctx.now);
    await ctx.outbox.flush();
    return true;
  } catch (err) {
    ctx.log.warn({ err, transferId: offer.transferId }, 'the ownership offer mail was not queued');
    return false;
  }
}

import type { Mail } from '../../adapters/smtp';
import type { RequestContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { formatMailDate, inRecipientLocale, personLabel } from '../../lib/mail';
import { composeMail, hello, line, link as mailLink } from '../../lib/mail-compose';

export interface TransferOfferMailData {
  transferId: number;
  organization: { id: number; name: string };
  from: { name: string; email: string };
  to: { email: string };
  expiresAt: Date;
}

/** The mail of an ownership offer, in the offered member's language (issue 13, decision 0303). */
export function transferOfferMail(offer: TransferOfferMailData, link: string): Mail {
  const organization = offer.organization.name;
  return composeMail(
    offer.to.email,
    tr('Вам предлагают стать владельцем организации «{organization}»', { organization }),
    [
      hello(),
      [
        line('{from} предлагает передать вам организацию «{organization}».', {
          from: personLabel(offer.from),
          organization,
        }),
        line(
          'Приняв предложение, вы станете её владельцем, а прежний владелец — администратором организации.',
        ),
      ],
      [mailLink(tr('Принять или отклонить предложение'), link)],
      [
        line('Предложение действует до {until}.', { until: formatMailDate(offer.expiresAt) }),
        line('Организация должна поместиться в ваш тариф: число организаций и участников в ней.'),
      ],
    ],
  );
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
    const mail = await inRecipientLocale(ctx.prisma, { email: offer.to.email }, () =>
      transferOfferMail(offer, link),
    );
    await ctx.outbox.queue(ctx.prisma, { ...mail, key }, ctx.now);
    await ctx.outbox.flush();
    return true;
  } catch (err) {
    ctx.log.warn({ err, transferId: offer.transferId }, 'the ownership offer mail was not queued');
    return false;
  }
}

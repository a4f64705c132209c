import type { Mail } from '../../adapters/smtp';
import type { SignedInContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { inRecipientLocale, personLabel } from '../../lib/mail';
import { composeMail, hello, line, link as mailLink } from '../../lib/mail-compose';
import type { Tx } from '../../plugins/db/database';

// 'Вас добавили в организацию «X»' (issue 27 item 2, decision 0190): a person added directly, without
// being asked (add-member, or desktop finish-adding by the owner or an organization admin), hears who did
// it and how to leave. No token or link that acts: the link opens the organization's page, where
// 'Покинуть организацию' is.

export function memberAddedMail(input: {
  to: string;
  organization: { id: number; name: string };
  addedBy: { name: string; email: string };
  publicUrl: string;
}): Mail {
  const { organization } = input;
  const link = `${input.publicUrl}/app/dashboard/organizations/${organization.id}/collaborators`;
  const named = { organization: organization.name };
  return composeMail(input.to, tr('Вас добавили в организацию «{organization}»', named), [
    hello(),
    [
      line('{by} добавил(а) вас в организацию «{organization}».', {
        by: personLabel(input.addedBy),
        ...named,
      }),
    ],
    [
      line('Если вы не хотите в ней состоять, войдите в личный кабинет, откройте организацию и нажмите'),
      mailLink(tr('«Покинуть организацию»'), link),
    ],
    [
      line(
        'Если вы не знаете этого человека, покиньте организацию: без вашего согласия в ней ничего не изменится.',
      ),
    ],
  ]);
}

/**
 * Queues the mail to each account added, in the transaction that added them (the outbox, decision 0151);
 * the caller flushes the outbox after the commit. Keyed by the membership row, so a retry mails once.
 */
export async function queueMemberAddedMails(
  tx: Tx,
  ctx: SignedInContext,
  organizationId: number,
  userIds: number[],
): Promise<void> {
  if (userIds.length === 0) return;
  const organization = await tx.organization.findUniqueOrThrow({
    where: { id: organizationId },
    select: { id: true, name: true },
  });
  const addedBy = await tx.user.findUniqueOrThrow({
    where: { id: ctx.actor.userId },
    select: { name: true, email: true },
  });
  const members = await tx.member.findMany({
    where: { organizationId, userId: { in: userIds } },
    select: { id: true, user: { select: { email: true } } },
  });
  for (const member of members) {
    // Each added person reads it in their account's language (decision 0303).
    const mail = await inRecipientLocale(tx, { email: member.user.email }, () =>
      memberAddedMail({ to: member.user.email, organization, addedBy, publicUrl: ctx.config.PUBLIC_URL }),
    );
    await ctx.outbox.queue(tx, { ...mail, key: `member-added:${member.id}` }, ctx.now);
  }
}

import { MEMBER_TYPE_ADMIN } from '@cabinet/contracts';
import type { Prisma } from '../../plugins/db/database';
import { asLocale, tr, withLocale } from '../i18n';
import { composeMail, hello, line } from '../mail-compose';
import type { MailOutbox } from '../outbox';

/** What disabling needs of the sender's options (./sender.ts passes its own). */
export interface DisableOptions {
  prisma: Prisma;
  now: Date;
  outbox: MailOutbox;
}

/** An endpoint failing this long without a success is disabled (decision 0250). */
export const DISABLE_AFTER_MS = 5 * 24 * 3600_000;

/**
 * Disables an endpoint whose failures began 5 days ago or more, and mails its owners: the organization's
 * owner and organization admins, or the site admins for an install-wide endpoint. Once: a disabled
 * endpoint is not disabled again.
 */
export async function disableFailingEndpoint(options: DisableOptions, endpointId: number): Promise<boolean> {
  const { prisma, now } = options;
  const done = await prisma.webhookEndpoint.updateMany({
    where: {
      id: endpointId,
      enabled: true,
      failingSince: { lte: new Date(now.getTime() - DISABLE_AFTER_MS) },
    },
    data: { enabled: false },
  });
  if (!done.count) return false;
  const endpoint = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
  const recipients = endpoint.organizationId
    ? await prisma.user.findMany({
        where: {
          OR: [
            { ownedOrganizations: { some: { id: endpoint.organizationId } } },
            {
              memberships: {
                some: {
                  organizationId: endpoint.organizationId,
                  status: 'active',
                  typeId: MEMBER_TYPE_ADMIN,
                },
              },
            },
          ],
        },
        select: { email: true, locale: true },
      })
    : await prisma.user.findMany({
        where: { typeId: 2, blockedAt: null },
        select: { email: true, locale: true },
      });
  for (const { email, locale } of recipients) {
    // Each recipient reads it in their account's language (decision 0303).
    const mail = withLocale(asLocale(locale), () =>
      composeMail(email, tr('Вебхук отключён: адрес не отвечает 5 дней'), [
        hello(),
        [
          line('Адрес {url} не принимает события 5 дней, и вебхук отключён.', { url: endpoint.url }),
          line('Проверьте адрес и включите вебхук снова в разделе «Вебхуки».'),
        ],
      ]),
    );
    await options.outbox.queue(
      prisma,
      { key: `webhook-disabled:${endpointId}:${now.getTime()}:${email}`, ...mail },
      now,
    );
  }
  void options.outbox.flush();
  return true;
}

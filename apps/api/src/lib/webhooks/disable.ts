import { MEMBER_TYPE_ADMIN } from '@cabinet/contracts';
import { escapeHtml } from '../mail';
import type { SendOptions } from './sender';

/** An endpoint failing this long without a success is disabled (decision 0250). */
export const DISABLE_AFTER_MS = 5 * 24 * 3600_000;

/**
 * Disables an endpoint whose failures began 5 days ago or more, and mails its owners: the organization's
 * owner and organization admins, or the site admins for an install-wide endpoint. Once: a disabled
 * endpoint is not disabled again.
 */
export async function disableFailingEndpoint(options: SendOptions, endpointId: number): Promise<boolean> {
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
        select: { email: true },
      })
    : await prisma.user.findMany({ where: { typeId: 2, blockedAt: null }, select: { email: true } });
  const subject = 'Вебхук отключён: адрес не отвечает 5 дней';
  const text = [
    'Здравствуйте!',
    '',
    `Адрес ${endpoint.url} не принимает события 5 дней, и вебхук отключён.`,
    'Проверьте адрес и включите вебхук снова в разделе «Вебхуки».',
  ].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif">
<p>Здравствуйте!</p><p>Адрес ${escapeHtml(endpoint.url)} не принимает события 5 дней, и вебхук отключён.<br>
Проверьте адрес и включите вебхук снова в разделе «Вебхуки».</p></body></html>`;
  for (const { email } of recipients) {
    await options.outbox.queue(
      prisma,
      { key: `webhook-disabled:${endpointId}:${now.getTime()}:${email}`, to: email, subject, text, html },
      now,
    );
  }
  void options.outbox.flush();
  return true;
}

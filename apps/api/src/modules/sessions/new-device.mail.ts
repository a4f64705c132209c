import { randomUUID } from 'node:crypto';
import type { Mail } from '../../adapters/smtp';
import type { RequestContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { formatMailDate } from '../../lib/mail';
import { composeMail, escapeHtml, fact, hello, line } from '../../lib/mail-compose';

// The mail 'Новый вход в аккаунт' (docs/decisions/0141-new-device-mail.md).

/** The cabinet's 'Безопасность' screen (the web's config/paths.ts: paths.security). */
const SECURITY_PATH = '/app/settings/security';

export interface NewDeviceSignIn {
  to: string;
  at: Date;
  /** The device in words ('Chrome 142, Windows'). */
  device: string;
  ip: string;
}

/** The mail in the current language: the account's (sign-in.ts says it in it). */
export function newDeviceMail(signIn: NewDeviceSignIn, publicUrl: string): Mail {
  const link = `${publicUrl}${SECURITY_PATH}`;
  return composeMail(signIn.to, tr('Новый вход в аккаунт'), [
    hello(),
    [line('В ваш аккаунт личного кабинета вошли с устройства, с которого раньше не входили.')],
    [
      fact(tr('Когда'), formatMailDate(signIn.at)),
      fact(tr('Устройство'), signIn.device),
      fact(tr('Адрес'), signIn.ip),
    ],
    [
      line('Если это были вы, ничего делать не нужно.'),
      line(
        'Если нет, завершите этот сеанс в разделе «Безопасность»: {link}',
        { link },
        { link: `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` },
      ),
      line('Там же можно отключить такие письма.'),
    ],
  ]);
}

/**
 * Sends the mail once the sign-in has committed, through the outbox (decision 0151: retried while SMTP is
 * down). The one place this mail leaves from. A failure is logged, never the sign-in's: the session is open.
 */
export async function sendNewDeviceMail(ctx: RequestContext, signIn: NewDeviceSignIn): Promise<void> {
  try {
    // Each sign-in is its own event: a random key, so two sign-ins in one millisecond are two mails.
    const key = `new-device:${randomUUID()}`;
    await ctx.outbox.queue(ctx.prisma, { ...newDeviceMail(signIn, ctx.config.PUBLIC_URL), key }, ctx.now);
    await ctx.outbox.flush();
  } catch (err) {
    ctx.log.warn({ err }, 'the new-device mail was not queued');
  }
}

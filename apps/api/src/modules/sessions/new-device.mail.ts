import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../../lib/context';
import { escapeHtml, formatMailDate, type Mail } from '../../lib/mail';

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

export function newDeviceMail(signIn: NewDeviceSignIn, publicUrl: string): Mail {
  const link = `${publicUrl}${SECURITY_PATH}`;
  const facts: [string, string][] = [
    ['Когда', formatMailDate(signIn.at)],
    ['Устройство', signIn.device],
    ['Адрес', signIn.ip],
  ];
  return {
    to: signIn.to,
    subject: 'Новый вход в аккаунт',
    text: [
      'Здравствуйте!',
      '',
      'В ваш аккаунт личного кабинета вошли с устройства, с которого раньше не входили.',
      '',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      '',
      'Если это были вы, ничего делать не нужно.',
      `Если нет, завершите этот сеанс в разделе «Безопасность»: ${link}`,
      'Там же можно отключить такие письма.',
    ].join('\n'),
    html: `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<p>Здравствуйте!</p>
<p>В ваш аккаунт личного кабинета вошли с устройства, с которого раньше не входили.</p>
<p>${facts.map(([label, value]) => `${label}: <b>${escapeHtml(value)}</b>`).join('<br>')}</p>
<p>Если это были вы, ничего делать не нужно.<br>
Если нет, завершите этот сеанс в разделе <a href="${escapeHtml(link)}">«Безопасность»</a>.
Там же можно отключить такие письма.</p>
</body></html>`,
  };
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

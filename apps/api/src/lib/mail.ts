import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

interface Logger {
  info(obj: object, msg: string): void;
}

/**
 * SMTP through nodemailer; without SMTP_URL, mail is printed to the log (its text, codes and links included)
 * so a newcomer can sign in, confirm a new e-mail address and pass an invitation's link on by hand.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        options.log.info({ to: mail.to }, 'SMTP_URL is not set: the mail is printed to standard output');
        process.stdout.write(`${boxed(mail)}\n`);
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

/** The mail in a box: recipient, subject, then its text part line by line (a link in it can be passed on). */
export function boxed(mail: Mail): string {
  const lines = [`Письмо для ${mail.to}`, mail.subject, '', ...mail.text.split('\n')];
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '═'.repeat(width);
  return [`╔${bar}╗`, ...lines.map((l) => `║  ${l.padEnd(width - 2)}║`), `╚${bar}╝`].join('\n');
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const MAIL_DATE = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

/** A moment as mails name it: '4 декабря 2026 г. в 12:30 (МСК)'. Moscow time: the product is Russian. */
export const formatMailDate = (date: Date) => `${MAIL_DATE.format(date)} (МСК)`;

/** 'Имя (email)', or the address alone for an account without a name. */
export const personLabel = (person: { name: string; email: string }) =>
  person.name.trim() ? `${person.name.trim()} (${person.email})` : person.email;

export function loginCodeMail(to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: `Код для входа: ${code}`,
    text: [
      'Здравствуйте!',
      '',
      `Ваш код для входа в личный кабинет: ${code}`,
      '',
      `Код действует ${minutes} минут и подходит для одного входа.`,
      'Если вы не запрашивали код, просто проигнорируйте это письмо.',
    ].join('\n'),
    html: `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<p>Здравствуйте!</p>
<p>Ваш код для входа в личный кабинет:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p>Код действует ${minutes} минут и подходит для одного входа.<br>
Если вы не запрашивали код, просто проигнорируйте это письмо.</p>
</body></html>`,
  };
}

import nodemailer, { type Transporter } from 'nodemailer';
import { tr } from '../lib/i18n';

// SMTP, the one module that speaks it (nodemailer). One try per send, with nodemailer's own connection and
// socket timeouts; lib/outbox.ts keeps each mail until it is sent and tries again later (decision 0130).

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
  const lines = [tr('Письмо для {to}', { to: mail.to }), mail.subject, '', ...mail.text.split('\n')];
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '═'.repeat(width);
  return [`╔${bar}╗`, ...lines.map((l) => `║  ${l.padEnd(width - 2)}║`), `╚${bar}╝`].join('\n');
}

import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server the API sends to in tests; it keeps what it receives. No fake mail. */
export class SmtpPeer {
  readonly mails: CaughtMail[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed: ParsedMail) => {
            this.mails.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
  }

  /** Listens on `port` (0: any free one; a test that stops a peer starts a new one on the same port). */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  mailsTo(email: string): CaughtMail[] {
    return this.mails.filter((m) => m.to.includes(email.toLowerCase()));
  }

  /** Waits for the next mail to `email` after `already` mails, and returns its 6-digit code. */
  async nextCode(email: string, already = 0, timeoutMs = 5000): Promise<string> {
    const mail = await this.nextMail(email, already, timeoutMs);
    const code = mail.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in mail: ${mail.text}`);
    return code;
  }

  /** Waits for the next mail to `email` after `already` mails, and returns it. */
  async nextMail(email: string, already = 0, timeoutMs = 5000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.mailsTo(email)[already];
      if (mail) return mail;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

import type { Mail, Mailer } from '../adapters/smtp';
import type { Db, Prisma } from '../plugins/db/database';

// The mail outbox (docs/decisions/0151-mail-outbox.md). Every mail other than sign-in and e-mail change
// codes is written to mail_outbox in the transaction of the change it tells about, under an idempotency
// key, and sent by `deliverOutbox`: at once in the process that wrote it, and by the 'mail-outbox' job
// every minute and after each failure. An SMTP outage delays mail and loses none. Delivery is at least
// once: a process that dies between the SMTP server accepting a mail and the row being marked sent sends
// it again after its lease.

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface OutboxMail extends Mail {
  /** Same key, same mail: a second queueing of it is a no-op. */
  key: string;
}

/** A try in progress holds its row this long; a process that dies mid-send leaves it to be retried after. */
const LEASE_MS = 2 * 60_000;
/** Waits after failed tries: 15 s, 30 s, then every minute (so a mail goes within ~2 minutes of SMTP being back). */
const backoffMs = (attempts: number) => Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 60_000);
/** Tried this long at most; then it stays unsent with its last error, for an operator. */
const GIVE_UP_MS = 7 * 24 * 60 * 60_000;

/** Rows older than this are deleted by the 'prune-mail-outbox' job, sent or not (decision 0186). */
export const OUTBOX_KEEP_DAYS = 30;

/** Deletes the outbox rows created more than OUTBOX_KEEP_DAYS before `now`; returns how many. */
export const pruneOutbox = (db: Db, now: Date): Promise<number> =>
  db.$executeRaw`
    DELETE FROM mail_outbox WHERE created_at < ${new Date(now.getTime() - OUTBOX_KEEP_DAYS * 24 * 60 * 60_000)}`;

/** Queues a mail in `db` (a transaction: it commits with the change). False: the key was queued before. */
export async function queueMail(db: Db, mail: OutboxMail, now: Date): Promise<boolean> {
  const inserted = await db.$executeRaw`
    INSERT INTO mail_outbox (key, "to", subject, text, html, next_attempt_at, created_at)
    VALUES (${mail.key}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${now}, ${now})
    ON CONFLICT (key) DO NOTHING`;
  return inserted > 0;
}

interface Claimed {
  id: bigint;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/**
 * Sends the mails that are due, oldest first, each claimed under a lease (SKIP LOCKED: processes share the
 * work). Stops at the first SMTP failure: that mail and the rest wait for their next try. Returns how many
 * were sent.
 */
export async function deliverOutbox(options: {
  prisma: Prisma;
  mailer: Mailer;
  now: Date;
  log: Logger;
  /** At most this many in one call. */
  limit?: number;
}): Promise<{ sent: number; failed: boolean }> {
  const { prisma, now } = options;
  let sent = 0;
  for (let i = 0; i < (options.limit ?? 500); i++) {
    const [mail] = await prisma.$queryRaw<Claimed[]>`
      UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
      WHERE id = (
        SELECT id FROM mail_outbox
        WHERE sent_at IS NULL AND next_attempt_at <= ${now}
          AND created_at > ${new Date(now.getTime() - GIVE_UP_MS)}
        ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, text, html, attempts`;
    if (!mail) return { sent, failed: false };
    try {
      await options.mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await prisma.$executeRaw`
        UPDATE mail_outbox SET next_attempt_at = ${new Date(now.getTime() + backoffMs(mail.attempts))},
               last_error = ${message.slice(0, 500)}
        WHERE id = ${mail.id}`;
      options.log.warn({ err, mailId: Number(mail.id) }, 'a queued mail was not sent; it will be retried');
      return { sent, failed: true };
    }
    // Sent: its text and html go (they may carry an invitation's link); key, recipient, subject, sent_at and
    // the last error of an earlier try stay for an operator (decision 0186).
    await prisma.$executeRaw`UPDATE mail_outbox SET sent_at = ${now}, text = '', html = '' WHERE id = ${mail.id}`;
    sent++;
  }
  return { sent, failed: false };
}

/** What the request context and the jobs hold: queue a mail, and have the queue sent soon. */
export interface MailOutbox {
  queue(db: Db, mail: OutboxMail, now: Date): Promise<boolean>;
  /**
   * Sends what is due now in this process (call it after the queueing transaction has committed). Never
   * rejects; awaiting it is optional (a call that answered after its mail left before keeps doing so).
   */
  flush(): Promise<void>;
  /** Resolves when this process's sends in progress are over (tests, shutdown). */
  idle(): Promise<void>;
}

export function createMailOutbox(options: {
  prisma: Prisma;
  mailer: () => Mailer;
  now: () => Date;
  log: Logger;
  /** After a failure: asks the job queue for a retry after the backoff. */
  retryLater?: (afterSeconds: number) => Promise<void>;
}): MailOutbox {
  let running: Promise<void> | null = null;
  let again = false;

  const pass = async () => {
    do {
      again = false;
      const result = await deliverOutbox({
        prisma: options.prisma,
        mailer: options.mailer(),
        now: options.now(),
        log: options.log,
      });
      if (result.failed) {
        await options.retryLater?.(backoffMs(1) / 1000);
        return;
      }
    } while (again);
  };

  return {
    queue: queueMail,
    flush() {
      if (running) {
        again = true;
        return running;
      }
      const current = pass()
        .catch((err: unknown) => options.log.warn({ err }, 'sending queued mail failed'))
        .finally(() => {
          running = null;
        });
      running = current;
      return current;
    },
    async idle() {
      while (running) await running;
    },
  };
}

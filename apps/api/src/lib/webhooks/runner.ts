import type { Env } from '../../env';
import type { Prisma } from '../../plugins/db/database';
import type { Job } from '../jobs';
import type { MailOutbox } from '../outbox';
import { deliverDue } from './sender';

interface Logger {
  warn(obj: object, msg: string): void;
}

/** The pg-boss job that sends due deliveries: every minute, and at each retry's time (decision 0250). */
export const WEBHOOK_JOB = 'webhook-deliveries';
/** Finished deliveries older than this are deleted by the job. */
export const KEEP_DAYS = 30;

/** What the app holds: a pass in this process soon after a change commits, and retries via pg-boss. */
export interface WebhookSender {
  /** Sends what is due now in this process; never rejects. */
  flush(): Promise<void>;
  /** Resolves when this process's sends in progress are over (tests, shutdown). */
  idle(): Promise<void>;
}

export function createWebhookSender(options: {
  prisma: Prisma;
  config: Env;
  now: () => Date;
  log: Logger;
  outbox: MailOutbox;
  /** Asks the job queue for a run after the soonest retry. */
  retryLater?: (afterSeconds: number) => Promise<void>;
}): WebhookSender {
  let running: Promise<void> | null = null;
  let again = false;
  const pass = async () => {
    do {
      again = false;
      const { retryAfter } = await deliverDue({ ...options, now: options.now() });
      if (retryAfter !== null) await options.retryLater?.(retryAfter);
    } while (again);
  };
  return {
    flush() {
      if (running) {
        again = true;
        return running;
      }
      const current = pass()
        .catch((err: unknown) => options.log.warn({ err }, 'sending webhooks failed'))
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

/** The job: sends what is due at the run's clock; asks for the next run at the soonest retry. */
export function webhookJob(retryLater: (afterSeconds: number) => Promise<void>): Job {
  return {
    name: WEBHOOK_JOB,
    cron: '* * * * *',
    async run({ prisma, config, now, log, outbox }) {
      const { tries, retryAfter } = await deliverDue({ prisma, config, now, log, outbox });
      if (retryAfter !== null) await retryLater(retryAfter);
      // Finished deliveries (their tries go with them) are kept 30 days, as the mail outbox's rows.
      await prisma.$executeRaw`
        DELETE FROM webhook_deliveries WHERE finished_at < ${new Date(now.getTime() - KEEP_DAYS * 86_400_000)}`;
      return tries;
    },
  };
}

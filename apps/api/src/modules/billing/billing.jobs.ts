import type { Mailer } from '../../adapters/smtp';
import { type Job, transactionalJob } from '../../lib/jobs';
import { deliverOutbox, pruneOutbox } from '../../lib/outbox';
import { expireGracePeriods } from './plan-expiry';
import { sendEndNotices, sendReminders } from './plan-notices';
import { renewPlans } from './plan-renewals';

// The jobs of issue 15 (docs/decisions/0150..0153). Each takes `now` from its context: the app's clock,
// or the one a test or the admins' run call passes.

export function billingJobs(mailer: () => Mailer): Job[] {
  return [
    {
      // The outbox's safety net: mails whose first send failed, and those a stopped process left.
      name: 'mail-outbox',
      cron: '* * * * *',
      async run(ctx) {
        const result = await deliverOutbox({
          prisma: ctx.prisma,
          mailer: mailer(),
          now: ctx.now,
          log: ctx.log,
        });
        // Rows past 30 days go with every run too (an indexed delete), so a server whose daily run was
        // missed keeps none (decision 0186).
        await pruneOutbox(ctx.prisma, ctx.now);
        return result.sent;
      },
    },
    // Outbox rows older than 30 days go, sent or given up (decision 0186).
    transactionalJob('prune-mail-outbox', '40 3 * * *', (tx, now) => pruneOutbox(tx, now)),
    {
      // Reminders before the end and the end-of-plan mail; REMINDER_MAILS=off sends neither.
      name: 'plan-reminders',
      cron: '20 * * * *',
      async run(ctx) {
        if (ctx.config.REMINDER_MAILS === 'off') return 0;
        const queued = (await sendReminders(ctx)) + (await sendEndNotices(ctx));
        if (queued > 0) void ctx.outbox.flush();
        return queued;
      },
    },
    {
      // Auto-renewal from saved YooKassa methods (decision 0206); before plan-expiry's run of the hour.
      name: 'plan-renewals',
      cron: '15 * * * *',
      run: renewPlans,
    },
    {
      // The end-of-plan mail (if the reminders job has not sent it) and the move back to 'Базовый' once the
      // grace period is over.
      name: 'plan-expiry',
      cron: '25 * * * *',
      async run(ctx) {
        const queued = ctx.config.REMINDER_MAILS === 'off' ? 0 : await sendEndNotices(ctx);
        if (queued > 0) void ctx.outbox.flush();
        return queued + (await expireGracePeriods(ctx));
      },
    },
  ];
}

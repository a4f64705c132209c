import { transactionalJob } from '../../lib/jobs';
import type { Db } from '../../plugins/db/database';

// AUDIT_RETENTION_DAYS: events older than that many days are deleted by a job (lib/jobs.ts;
// decision 0148). The table refuses every other DELETE (its trigger, migration 20261127145000): the task
// says it is the pruning for its own transaction only, with set_config(…, true).

const BATCH = 10_000;
/** A run deletes at most this many; the rest goes on the next run (so a shortened retention is gradual). */
const MAX_PER_RUN = 500_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes events older than `days` before `now`, oldest first, in batches. Returns how many went. */
export async function pruneAuditEvents(tx: Db, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  await tx.$executeRaw`SELECT set_config('cabinet.audit_prune', 'on', true)`;
  let total = 0;
  try {
    while (total < MAX_PER_RUN) {
      const count = await tx.$executeRaw`
        DELETE FROM audit_events a
        USING (SELECT id FROM audit_events WHERE at < ${cutoff} ORDER BY at, id LIMIT ${BATCH}) d
        WHERE a.id = d.id`;
      total += count;
      if (count < BATCH) break;
    }
  } finally {
    await tx.$executeRaw`SELECT set_config('cabinet.audit_prune', 'off', true)`;
  }
  return total;
}

/** The job (lib/jobs.ts): hourly, one run at a time across processes (decision 0150). */
export const auditRetentionJob = (days: number) =>
  transactionalJob('prune-audit-events', '10 * * * *', async (tx, now, log) => {
    const count = await pruneAuditEvents(tx, now, days);
    if (count > 0) log.info({ count, days }, 'pruned audit events past AUDIT_RETENTION_DAYS');
    return count;
  });

import { USER_TYPE_USER } from '@cabinet/contracts';
import { Prisma as PrismaNs } from '../../generated/prisma/client';
import { transactionalJob } from '../../lib/jobs';
import type { Db, Prisma } from '../../plugins/db/database';

// Accounts made by a sign-in code request that was never completed (docs/decisions/0088).

export const UNVERIFIED_ACCOUNT_DAYS = 7;
const PURGE_BATCH = 500;

/**
 * An account nobody has used: unverified, never touched by a site admin (their 'create user' flow edits the
 * account it invited), not blocked, a plain user, and without a trace of use: a code request leaves the name
 * empty and makes no session, file, payment, organization or membership. The traces protect accounts that
 * lost their verification some other way (an e-mail change before decision 0085) from being taken for one.
 * `u` is the users table.
 */
const UNUSED_UNVERIFIED = PrismaNs.sql`
  u.email_verified_at IS NULL
  AND u.admin_edited_at IS NULL
  AND u.blocked_at IS NULL
  AND u.type_id = ${USER_TYPE_USER}
  AND u.name = ''
  AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM files f WHERE f.user_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM payment_orders p WHERE p.user_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM organizations o WHERE o.owner_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM members m WHERE m.user_id = u.id)`;

/**
 * Deletes the unused unverified account holding `email`, if that is what holds it: someone who proves the
 * mailbox (an e-mail change) takes the address from an account made by typing it into the sign-in form.
 * Its sign-in codes go too. True when one was deleted.
 */
export async function deleteUnusedUnverifiedAccount(tx: Db, email: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ email: string }[]>`
    WITH gone AS (
      DELETE FROM users u WHERE u.email = ${email} AND ${UNUSED_UNVERIFIED} RETURNING u.email
    ), codes AS (
      DELETE FROM login_codes c WHERE c.email IN (SELECT email FROM gone)
    )
    SELECT email FROM gone`;
  return rows.length > 0;
}

/**
 * Deletes unused unverified accounts made more than 7 days before `now`, in batches, with their expired
 * sign-in codes. One with a live code is kept: someone is signing in with it right now. Returns how many.
 */
export async function purgeUnverifiedAccounts(tx: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNVERIFIED_ACCOUNT_DAYS * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const [row] = await tx.$queryRaw<{ count: number }[]>`
      WITH doomed AS (
        SELECT u.id FROM users u
        WHERE u.created_at < ${cutoff} AND ${UNUSED_UNVERIFIED}
          AND NOT EXISTS (SELECT 1 FROM login_codes c WHERE c.email = u.email AND c.expires_at > ${now})
        ORDER BY u.created_at
        LIMIT ${PURGE_BATCH}
        FOR UPDATE SKIP LOCKED
      ), gone AS (
        DELETE FROM users u USING doomed d WHERE u.id = d.id RETURNING u.email
      ), codes AS (
        DELETE FROM login_codes c WHERE c.email IN (SELECT email FROM gone)
      )
      SELECT count(*)::int AS count FROM gone`;
    const count = row?.count ?? 0;
    total += count;
    if (count < PURGE_BATCH) return total;
  }
}

/** The job (lib/jobs.ts): hourly, one run at a time across processes. */
export const purgeUnverifiedAccountsJob = transactionalJob(
  'purge-unverified-accounts',
  '5 * * * *',
  async (tx, now, log) => {
    const count = await purgeUnverifiedAccounts(tx, now);
    if (count > 0) log.info({ count }, 'purged unverified accounts older than 7 days');
    return count;
  },
);

/** How many accounts have not confirmed their e-mail (the admin home's users card). */
export const countUnverifiedUsers = (prisma: Prisma) =>
  prisma.user.count({ where: { emailVerifiedAt: null } });

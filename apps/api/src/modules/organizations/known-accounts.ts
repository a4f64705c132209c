import { Prisma } from '../../generated/prisma/client';
import { transactionalJob } from '../../lib/jobs';
import type { Db } from '../../plugins/db/database';

// Who a caller may add by id (issue 27 item 2, docs/decisions/0190-adding-known-accounts.md): an account the
// caller has a reason to know. Site admins add anyone; for everyone else an account is known when the
// caller found it by its exact e-mail in the last 15 minutes (profile/search, profile/list, desktop
// start-adding), when it has a join request, a membership or an invitation in that organization, or when
// it shares an organization with the caller. Anything else is refused exactly as an unknown id.

/** How long an exact-e-mail lookup lets its caller add the account found. */
export const LOOKUP_VALID_MINUTES = 15;

const lookupCutoff = (now: Date) => new Date(now.getTime() - LOOKUP_VALID_MINUTES * 60_000);

/** Remembers that `callerId` found these accounts now (a later lookup renews the time). */
export async function recordLookups(db: Db, callerId: number, userIds: number[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db.$executeRaw`
    INSERT INTO user_lookups (caller_id, user_id, at)
    SELECT ${callerId}, id, ${now} FROM unnest(${userIds}::int[]) AS found(id)
    ON CONFLICT (caller_id, user_id) DO UPDATE SET at = EXCLUDED.at`;
}

/**
 * Remembers the verified account with this exact (lower-case) address, if any, as found by `callerId`:
 * profile/search and profile/list of a non-admin that answered it.
 */
export async function recordLookupByEmail(db: Db, callerId: number, email: string, now: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO user_lookups (caller_id, user_id, at)
    SELECT ${callerId}, u.id, ${now} FROM users u
    WHERE u.email = ${email} AND u.email_verified_at IS NOT NULL
    ON CONFLICT (caller_id, user_id) DO UPDATE SET at = EXCLUDED.at`;
}

/** The condition "the caller has a reason to know account u", for a statement over `users u`. */
function knownSql(callerId: number, organizationId: number, now: Date): Prisma.Sql {
  return Prisma.sql`(
    EXISTS (SELECT 1 FROM user_lookups l
      WHERE l.caller_id = ${callerId} AND l.user_id = u.id AND l.at > ${lookupCutoff(now)})
    OR EXISTS (SELECT 1 FROM members here WHERE here.organization_id = ${organizationId} AND here.user_id = u.id)
    OR EXISTS (SELECT 1 FROM invitations i WHERE i.organization_id = ${organizationId} AND i.email = u.email)
    OR EXISTS (SELECT 1 FROM members mine
      JOIN members theirs ON theirs.organization_id = mine.organization_id AND theirs.status = 'active'
      WHERE mine.user_id = ${callerId} AND mine.status = 'active' AND theirs.user_id = u.id))`;
}

/**
 * How many of `ids` the caller may add to the organization: existing, verified and known (site admins:
 * existing). One statement whatever the reason for a refusal, so an unknown id and an account the caller
 * may not know take the same path and the same time.
 */
export async function countAddableAccounts(
  db: Db,
  caller: { userId: number; isAdmin: boolean },
  organizationId: number,
  ids: number[],
  now: Date,
): Promise<number> {
  const rule = caller.isAdmin
    ? Prisma.sql`TRUE`
    : Prisma.sql`u.email_verified_at IS NOT NULL AND ${knownSql(caller.userId, organizationId, now)}`;
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM users u WHERE u.id = ANY(${ids}::int[]) AND ${rule}`;
  return rows[0]?.n ?? 0;
}

/** Every 15 minutes: lookups too old to let anyone add anybody. */
export const pruneUserLookupsJob = transactionalJob(
  'prune-user-lookups',
  '*/15 * * * *',
  async (tx, now) => tx.$executeRaw`DELETE FROM user_lookups WHERE at <= ${lookupCutoff(now)}`,
);

import { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../lib/context';
import { readCounters } from '../../lib/counters';
import { readRows } from '../../lib/sql';

// Counts for the admin home widgets (spec section 2, 'Admin home'): one statement each. Users and
// organizations come from the counters the triggers keep (decision 0117), so they cost the same at a
// million accounts as at ten; plans are a handful of rows.

export async function countUsers({ pool }: RequestContext) {
  const counts = await readCounters(pool, ['users', 'users_unverified']);
  return { count: counts.users, unverified: counts.users_unverified };
}

export const countOrganizations = async ({ pool }: RequestContext) => ({
  count: (await readCounters(pool, ['organizations'])).organizations,
});

export async function countPlans({ pool }: RequestContext) {
  const [row] = await readRows<{ count: number }>(
    pool,
    Prisma.sql`SELECT count(*)::int AS count FROM "plans"`,
  );
  return { count: row?.count ?? 0 };
}

import type { RequestContext } from '../../lib/context';
import { readCounters } from '../../lib/counters';

// Counts for the admin home widgets (spec section 2, 'Admin home'): one statement each. Users and
// organizations come from the counters the triggers keep (decision 0117), so they cost the same at a
// million accounts as at ten; plans are a handful of rows.

export async function countUsers({ prisma }: RequestContext) {
  const counts = await readCounters(prisma, ['users', 'users_unverified']);
  return { count: counts.users, unverified: counts.users_unverified };
}

export const countOrganizations = async ({ prisma }: RequestContext) => ({
  count: (await readCounters(prisma, ['organizations'])).organizations,
});

export async function countPlans({ prisma }: RequestContext) {
  const [row] = await prisma.$queryRaw<[{ count: number }]>`SELECT count(*)::int AS count FROM "plans"`;
  return { count: row.count };
}

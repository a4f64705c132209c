import type { RequestContext } from '../../lib/context';
import { countUnverifiedUsers } from '../users/unverified-accounts';

// Counts for the admin home widgets (spec section 2, 'Admin home'). One count(*) each.

export async function countUsers({ prisma }: RequestContext) {
  const [count, unverified] = await Promise.all([prisma.user.count(), countUnverifiedUsers(prisma)]);
  return { count, unverified };
}

export const countOrganizations = async ({ prisma }: RequestContext) => ({
  count: await prisma.organization.count(),
});

export const countPlans = async ({ prisma }: RequestContext) => ({ count: await prisma.plan.count() });

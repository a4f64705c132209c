import type { Prisma } from '../../plugins/db/database';

// Counts for the admin home widgets (spec section 2, 'Admin home'). One count(*) each.

export const countUsers = (prisma: Prisma) => prisma.user.count();
export const countOrganizations = (prisma: Prisma) => prisma.organization.count();
export const countPlans = (prisma: Prisma) => prisma.plan.count();

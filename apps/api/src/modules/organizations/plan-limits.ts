import type { Plan } from '../../generated/prisma/client';
import { limitReached } from '../../lib/app-error';
import type { Db, Tx } from '../../plugins/db/database';
import { effectivePlanId, type PlanClock } from '../plans/plans.mapper';

/** Genitive after 'не более N': 1 организации, 5 организаций, 21 организации. */
function genitive(n: number, one: string, many: string): string {
  return n % 10 === 1 && n % 100 !== 11 ? one : many;
}

/** The plan in force for a user (a lapsed plan means 'Базовый' once its grace period is over). */
export async function planInForce(db: Db, userId: number, clock: PlanClock): Promise<Plan> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { planId: true, planExpiresAt: true, plan: true },
  });
  const id = effectivePlanId(user, clock);
  return id === user.planId ? user.plan : db.plan.findUniqueOrThrow({ where: { id } });
}

/** The cheapest plan that allows more than `current` of the limited thing, if any. */
async function nextPlan(db: Db, field: 'maxOrganizations' | 'maxMembers', current: number) {
  return db.plan.findFirst({
    where: { [field]: { gt: current } },
    orderBy: [{ priceMonth: 'asc' }, { id: 'asc' }],
  });
}

/** 409 LIMIT naming the plan to upgrade to (product-decisions, Organizations and members). */
export async function organizationsLimitError(db: Db, plan: Plan) {
  const n = plan.maxOrganizations;
  const head = `Тариф «${plan.name}» позволяет не более ${n} ${genitive(n, 'организации', 'организаций')}.`;
  const next = await nextPlan(db, 'maxOrganizations', n);
  return limitReached(
    next
      ? `${head} Перейдите на тариф «${next.name}», чтобы создать больше.`
      : `${head} Это максимальный лимит.`,
  );
}

export async function membersLimitError(db: Db, plan: Plan) {
  const n = plan.maxMembers;
  const head = `Тариф «${plan.name}» позволяет не более ${n} ${genitive(n, 'участника', 'участников')} в организации.`;
  const next = await nextPlan(db, 'maxMembers', n);
  return limitReached(
    next
      ? `${head} Перейдите на тариф «${next.name}», чтобы добавить больше.`
      : `${head} Это максимальный лимит.`,
  );
}

/**
 * Locks the organization row until the transaction ends, so that concurrent member changes of one
 * organization run one after another and the member limit holds. Returns the owner, or null if gone.
 */
export async function lockOrganization(tx: Tx, organizationId: number) {
  const rows = await tx.$queryRaw<{ owner_id: number }[]>`
    SELECT owner_id FROM organizations WHERE id = ${organizationId} FOR UPDATE`;
  return rows[0] ? { ownerId: rows[0].owner_id } : null;
}

/**
 * Invitations that hold a seat: pending and not yet expired (decision 0131). Every count of seats and
 * every "open invitation" reads this one condition.
 */
export const openInvitationWhere = (now: Date) => ({ status: 'pending' as const, expiresAt: { gt: now } });

/** Seats taken: members (pending ones included) and open invitations. */
export async function seatsTaken(db: Db, organizationId: number, now: Date) {
  const members = await db.member.count({ where: { organizationId } });
  const invitations = await db.invitation.count({ where: { organizationId, ...openInvitationWhere(now) } });
  return members + invitations;
}

/** Checks that `adding` more seats fit the owner's plan (pending members and open invitations count). */
export async function assertMembersFit(
  tx: Tx,
  organizationId: number,
  ownerId: number,
  adding: number,
  clock: PlanClock,
) {
  const taken = await seatsTaken(tx, organizationId, clock.now);
  const plan = await planInForce(tx, ownerId, clock);
  if (taken + adding > plan.maxMembers) throw await membersLimitError(tx, plan);
}

import type { Plan } from '../../generated/prisma/client';
import { limitReached } from '../../lib/app-error';
import { tr } from '../../lib/i18n';
import type { Db, Tx } from '../../plugins/db/database';
import { effectivePlanId, type PlanClock } from '../plans/plans.mapper';

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
  const head = tr(
    'Тариф «{name}» позволяет не более {n, plural, one {# организации} other {# организаций}}.',
    {
      name: plan.name,
      n,
    },
  );
  const next = await nextPlan(db, 'maxOrganizations', n);
  return limitReached(
    next
      ? tr('{head} Перейдите на тариф «{name}», чтобы создать больше.', { head, name: next.name })
      : tr('{head} Это максимальный лимит.', { head }),
  );
}

export async function membersLimitError(db: Db, plan: Plan) {
  const n = plan.maxMembers;
  const head = tr(
    'Тариф «{name}» позволяет не более {n, plural, one {# участника} other {# участников}} в организации.',
    {
      name: plan.name,
      n,
    },
  );
  const next = await nextPlan(db, 'maxMembers', n);
  return limitReached(
    next
      ? tr('{head} Перейдите на тариф «{name}», чтобы добавить больше.', { head, name: next.name })
      : tr('{head} Это максимальный лимит.', { head }),
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

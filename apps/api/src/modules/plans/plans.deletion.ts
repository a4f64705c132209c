import { BASIC_PLAN_ID, PLAN_NOT_FOUND, type PlanDeletion } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { type Db, transaction } from '../../plugins/db/database';

// Deleting a plan, and asking first whether it can be (docs/decisions/0021-plan-deletion.md, 0163).

/** 'у 1 пользователя', 'у 2 пользователей', 'у 5 пользователей', 'у 21 пользователя'. */
export const usersGenitive = (n: number) =>
  tr('{n, plural, one {# пользователя} other {# пользователей}}', { n });
/** '1 оплаченный заказ', '2 оплаченных заказа', '5 оплаченных заказов'. */
export const paidOrders = (n: number) =>
  tr('{n, plural, one {# оплаченный заказ} few {# оплаченных заказа} other {# оплаченных заказов}}', { n });

/** A checkout younger than this may still be paid at the provider: it blocks deletion. */
export const PENDING_ORDER_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Why the plan cannot be deleted now, in the order of decision 0021, with how many users hold it; null
 * when nothing stands in the way. The plan must exist.
 */
async function deletionRefusal(
  db: Db,
  id: number,
  now: Date,
): Promise<{ reason: string; holders: number } | null> {
  const activeHolders = await db.user.count({
    where: { planId: id, OR: [{ planExpiresAt: null }, { planExpiresAt: { gt: now } }] },
  });
  if (id === BASIC_PLAN_ID) {
    return {
      reason: tr(
        'Тариф «Базовый» нельзя удалить: на него переходят пользователи, у которых закончился тариф',
      ),
      holders: activeHolders,
    };
  }
  if (activeHolders > 0) {
    return {
      reason: tr('Тариф нельзя удалить: он подключён у {users}', { users: usersGenitive(activeHolders) }),
      holders: activeHolders,
    };
  }
  const [paid, recentPending] = await Promise.all([
    db.paymentOrder.count({ where: { planId: id, status: 'paid' } }),
    db.paymentOrder.count({
      where: {
        planId: id,
        status: 'pending',
        createdAt: { gt: new Date(now.getTime() - PENDING_ORDER_GRACE_MS) },
      },
    }),
  ]);
  if (paid > 0) {
    return {
      reason: tr(
        'Тариф нельзя удалить: по нему есть {orders}, они остаются в истории платежей. Переименуйте тариф или измените его условия',
        { orders: paidOrders(paid) },
      ),
      holders: 0,
    };
  }
  if (recentPending > 0) {
    return {
      reason: tr('Тариф нельзя удалить: его оплачивают прямо сейчас. Попробуйте через сутки'),
      holders: 0,
    };
  }
  return null;
}

/**
 * Whether the plan can be deleted now and why not (decision 0163): the admin screen asks before it shows
 * the confirmation. The DELETE checks again under its lock, so a holder who appears in between still stops it.
 */
export async function getPlanDeletion(ctx: SignedInContext, { id }: { id: number }): Promise<PlanDeletion> {
  const plan = await ctx.prisma.plan.findUnique({ where: { id }, select: { id: true } });
  if (!plan) throw notFound(text(PLAN_NOT_FOUND));
  const refusal = await deletionRefusal(ctx.prisma, id, ctx.now);
  return refusal
    ? { deletable: false, reason: refusal.reason, holders: refusal.holders }
    : { deletable: true, reason: null, holders: 0 };
}

/**
 * Deletes a plan nobody holds and nobody paid for (docs/decisions/0021-plan-deletion.md). Users whose
 * term of it has lapsed are moved to 'Базовый'; abandoned checkouts (pending for over a day) go with it.
 * The plan row is locked first, so a concurrent checkout or payment waits and then finds no plan.
 */
export async function deletePlan(ctx: SignedInContext, { id }: { id: number }): Promise<void> {
  const { prisma, now } = ctx;
  await mapPrismaErrors(
    () =>
      transaction(prisma, async (tx) => {
        const locked = await tx.$queryRaw<
          { id: number; name: string }[]
        >`SELECT id, name FROM plans WHERE id = ${id} FOR UPDATE`;
        if (locked.length === 0) throw notFound(text(PLAN_NOT_FOUND));
        const refusal = await deletionRefusal(tx, id, now);
        if (refusal) throw conflict(refusal.reason);
        await tx.user.updateMany({
          where: { planId: id },
          data: { planId: BASIC_PLAN_ID, planExpiresAt: null },
        });
        await tx.paymentOrder.deleteMany({ where: { planId: id, status: 'pending' } });
        await tx.plan.delete({ where: { id } });
        await recordAudit(tx, ctx, {
          action: 'plan.deleted',
          targetId: id,
          details: { name: locked[0]?.name },
        });
      }),
    // A row that appeared between the checks and the delete (should not happen under the lock).
    { foreignKey: conflict(tr('Тариф нельзя удалить: он используется, попробуйте ещё раз')) },
  );
}

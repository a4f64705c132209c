import {
  type AdminUserBlockResult,
  type AdminUserLogoutResult,
  USER_NOT_FOUND,
  USER_TYPE_ADMIN,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { deleteUserSessions } from '../../lib/sessions';
import { type Tx, transaction } from '../../plugins/db/database';

// Admin actions on an account (issue 5): end all its sessions, block and unblock its sign-in.
// See docs/decisions/0043-admin-user-actions.md.

/**
 * Serialises every change that can take away an admin (account deletion, blocking), so that two admins
 * acting on each other at once still leave one who can sign in. A transaction-scoped advisory lock: it is
 * released at commit or rollback, and it does not depend on which rows each side reads first.
 */
const ADMIN_GUARD_LOCK_KEY = 72707371;

export async function lockAdminGuard(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIN_GUARD_LOCK_KEY})`;
}

/** Call under lockAdminGuard: at least one admin other than `userId` can still sign in (not blocked). */
export async function assertAnotherAdminRemains(tx: Tx, userId: number, message: string): Promise<void> {
  const others = await tx.user.count({
    where: { typeId: USER_TYPE_ADMIN, blockedAt: null, id: { not: userId } },
  });
  if (others === 0) throw conflict(message);
}

export const SELF_ACTION_MESSAGE = trId('Нельзя применить это действие к своей учётной записи');

function assertNotSelf(ctx: SignedInContext, id: number) {
  // An admin who signs themselves out everywhere or blocks themselves only locks themselves out.
  if (ctx.actor.userId === id) throw conflict(tr(SELF_ACTION_MESSAGE));
}

/** The account exists, or 404 'Пользователь не найден' (the admin screens of one account: sessions, tokens). */
export async function requireUser(ctx: SignedInContext, id: number): Promise<void> {
  const user = await ctx.prisma.user.findUnique({ where: { id }, select: { id: true } });
  if (!user) throw notFound(text(USER_NOT_FOUND));
}

/** POST /admin/users/{id}/logout: ends every session of the account. */
export async function logoutUser(
  ctx: SignedInContext,
  { id }: { id: number },
): Promise<AdminUserLogoutResult> {
  const { prisma } = ctx;
  assertNotSelf(ctx, id);
  await requireUser(ctx, id);
  return transaction(prisma, async (tx) => {
    const count = await deleteUserSessions(tx, id);
    await recordAudit(tx, ctx, {
      action: 'user.signed_out_everywhere',
      targetId: id,
      details: { sessions: count },
    });
    return { count };
  });
}

/**
 * POST /admin/users/{id}/block and /unblock. Blocking sets blocked_at (kept if already blocked) and ends
 * every session; sign-in is refused while it is set. Unblocking clears it. Both are idempotent.
 */
export async function setUserBlocked(
  ctx: SignedInContext,
  { id, blocked }: { id: number; blocked: boolean },
): Promise<AdminUserBlockResult> {
  assertNotSelf(ctx, id);
  return transaction(ctx.prisma, async (tx) => {
    await lockAdminGuard(tx);
    const user = await tx.user.findUnique({ where: { id }, select: { typeId: true, blockedAt: true } });
    if (!user) throw notFound(text(USER_NOT_FOUND));
    if (blocked && user.typeId === USER_TYPE_ADMIN && user.blockedAt === null) {
      await assertAnotherAdminRemains(tx, id, tr('Нельзя заблокировать последнего администратора'));
    }
    const blockedAt = blocked ? (user.blockedAt ?? ctx.now) : null;
    if (blockedAt?.getTime() !== user.blockedAt?.getTime()) {
      await tx.user.update({ where: { id }, data: { blockedAt } });
    }
    const count = blocked ? await deleteUserSessions(tx, id) : 0;
    if (blockedAt?.getTime() !== user.blockedAt?.getTime()) {
      const action = blocked ? 'user.blocked' : 'user.unblocked';
      await recordAudit(tx, ctx, { action, targetId: id, details: blocked ? { sessions: count } : {} });
    }
    return { id, blocked, blocked_at: blockedAt?.toISOString() ?? null, count };
  });
}

import {
  type PaginationQuery,
  type RevokeSessionsResult,
  SESSION_NOT_FOUND,
  type Session as SessionDto,
  UNKNOWN_DEVICE,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { SESSION_IDLE_MS } from '../../lib/sessions';
import { transaction } from '../../plugins/db/database';
import { requireUser } from '../users/users.service';

// Devices and sessions (issue 14, docs/decisions/0140-session-devices.md): one's own sessions, and any
// user's for site admins. Ending a session deletes its row, so its next request, on any API process, finds
// no session and answers 401.

const sessionFields = {
  id: true,
  createdAt: true,
  lastUsedAt: true,
  ip: true,
  userAgent: true,
  device: true,
  isDesktop: true,
  scopes: true,
  oauthClient: { select: { name: true } },
} as const;

interface SessionRow {
  id: number;
  createdAt: Date;
  lastUsedAt: Date;
  ip: string | null;
  userAgent: string | null;
  device: string | null;
  isDesktop: boolean;
  scopes: string[];
  oauthClient: { name: string } | null;
}

const toSessionDto = (row: SessionRow, currentId: number): SessionDto => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt.toISOString(),
  ip: row.ip,
  user_agent: row.userAgent,
  device: row.device ?? text(UNKNOWN_DEVICE),
  is_desktop: row.isDesktop,
  application: row.oauthClient?.name ?? null,
  scopes: row.scopes,
  current: row.id === currentId,
});

/** The account's live sessions, newest first (an expired row is deleted only when its token comes back). */
async function sessionsPage(
  ctx: SignedInContext,
  userId: number,
  { page, perPage }: PaginationQuery,
): Promise<Page<SessionDto>> {
  const where = {
    userId,
    expiresAt: { gt: ctx.now },
    lastUsedAt: { gt: new Date(ctx.now.getTime() - SESSION_IDLE_MS) },
  };
  const [rows, total] = await Promise.all([
    ctx.prisma.session.findMany({
      where,
      select: sessionFields,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    ctx.prisma.session.count({ where }),
  ]);
  return {
    items: rows.map((row) => toSessionDto(row, ctx.actor.sessionId)),
    meta: listMeta(page, perPage, total),
  };
}

/** GET /profile/sessions. */
export const listSessions = (ctx: SignedInContext, query: PaginationQuery) =>
  sessionsPage(ctx, ctx.actor.userId, query);

/**
 * Ends session `id` of account `userId` with its 'session.revoked' event (the device in words, never the
 * token), both in one transaction; 404 unless that account has it.
 */
async function endSession(ctx: SignedInContext, { id, userId }: { id: number; userId: number }) {
  await transaction(ctx.prisma, async (tx) => {
    const session = await tx.session.findFirst({ where: { id, userId }, select: { device: true } });
    const { count } = await tx.session.deleteMany({ where: { id, userId } });
    if (count === 0) throw notFound(text(SESSION_NOT_FOUND));
    await recordAudit(tx, ctx, {
      action: 'session.revoked',
      targetId: id,
      details: { user_id: userId, device: session?.device ?? UNKNOWN_DEVICE },
    });
  });
}

/** DELETE /profile/sessions/{id}: one of the caller's; anyone else's is 404, exactly as an unknown id. */
export const revokeSession = (ctx: SignedInContext, { id }: { id: number }): Promise<void> =>
  endSession(ctx, { id, userId: ctx.actor.userId });

/** POST /profile/sessions/revoke-others: every session of the caller but this one; one event with the count. */
export async function revokeOtherSessions(ctx: SignedInContext): Promise<RevokeSessionsResult> {
  const { userId, sessionId } = ctx.actor;
  const count = await transaction(ctx.prisma, async (tx) => {
    const ended = await tx.session.deleteMany({ where: { userId, id: { not: sessionId } } });
    if (ended.count > 0) {
      await recordAudit(tx, ctx, {
        action: 'session.revoked',
        details: { user_id: userId, count: ended.count },
      });
    }
    return ended.count;
  });
  return { count };
}

/** GET /admin/users/{id}/sessions (admins). */
export async function listUserSessions(
  ctx: SignedInContext,
  { id, ...query }: PaginationQuery & { id: number },
): Promise<Page<SessionDto>> {
  await requireUser(ctx, id);
  return sessionsPage(ctx, id, query);
}

/** DELETE /admin/users/{id}/sessions/{sid} (admins): 404 unless the session is that user's. */
export async function revokeUserSession(
  ctx: SignedInContext,
  { id, sid }: { id: number; sid: number },
): Promise<void> {
  await requireUser(ctx, id);
  await endSession(ctx, { id: sid, userId: id });
}

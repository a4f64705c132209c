import { IDENTITY_NOT_FOUND, type LinkedIdentity, SSO_IDENTITY_UNLINK_REFUSED } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { transaction } from '../../plugins/db/database';

// One's own linked accounts in 'Безопасность' (issue 30; decision 0284): Yandex ID and organizations'
// single sign-on, with when each was linked and last used; 'Отвязать' for Yandex ID.

/** GET /profile/identities: oldest link first (a handful of rows: no paging). */
export async function listIdentities(ctx: SignedInContext): Promise<LinkedIdentity[]> {
  const rows = await ctx.prisma.userIdentity.findMany({
    where: { userId: ctx.actor.userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      provider: true,
      email: true,
      createdAt: true,
      lastUsedAt: true,
      organization: { select: { id: true, name: true } },
    },
  });
  return rows.map((row) => {
    const yandex = row.provider === 'yandex';
    return {
      id: row.id,
      provider: yandex ? 'yandex' : 'sso',
      organization: yandex ? null : row.organization,
      email: row.email,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      can_unlink: yandex,
    };
  });
}

/**
 * DELETE /profile/identities/{id}: the Yandex ID signs nobody in any more (the account keeps the code).
 * Anyone else's is 404, as an unknown id; an organization's single sign-on is the organization's (409).
 */
export async function unlinkIdentity(ctx: SignedInContext, { id }: { id: number }): Promise<void> {
  const where = { id, userId: ctx.actor.userId };
  await transaction(ctx.prisma, async (tx) => {
    const row = await tx.userIdentity.findFirst({ where, select: { provider: true, email: true } });
    if (!row) throw notFound(text(IDENTITY_NOT_FOUND));
    if (row.provider !== 'yandex') throw conflict(text(SSO_IDENTITY_UNLINK_REFUSED));
    const { count } = await tx.userIdentity.deleteMany({ where });
    if (count === 0) throw notFound(text(IDENTITY_NOT_FOUND));
    await recordAudit(tx, ctx, {
      action: 'identity.unlinked',
      targetId: ctx.actor.userId,
      details: { provider: row.provider, email: row.email },
    });
  });
}

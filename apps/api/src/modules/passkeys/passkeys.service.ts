import { PASSKEY_NOT_FOUND, type PaginationQuery, type Passkey as PasskeyDto } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { transaction } from '../../plugins/db/database';

// One's own passkeys on the 'Безопасность' screen: list, rename, remove (docs/decisions/0142-passkeys.md).

interface PasskeyRow {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export const passkeyFields = { id: true, name: true, createdAt: true, lastUsedAt: true } as const;

export const toPasskeyDto = (row: PasskeyRow): PasskeyDto => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** GET /profile/passkeys: newest first. */
export async function listPasskeys(
  ctx: SignedInContext,
  { page, perPage }: PaginationQuery,
): Promise<Page<PasskeyDto>> {
  const where = { userId: ctx.actor.userId };
  const [rows, total] = await Promise.all([
    ctx.prisma.passkey.findMany({
      where,
      select: passkeyFields,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    ctx.prisma.passkey.count({ where }),
  ]);
  return { items: rows.map(toPasskeyDto), meta: listMeta(page, perPage, total) };
}

// The audit events of a passkey name it by its id and its name only: never its credential id or key.

/** PUT /profile/passkeys/{id}: anyone else's passkey is 404, exactly as an unknown id. */
export async function renamePasskey(
  ctx: SignedInContext,
  { id, name }: { id: number; name: string },
): Promise<PasskeyDto> {
  const where = { id, userId: ctx.actor.userId };
  const row = await transaction(ctx.prisma, async (tx) => {
    const before = await tx.passkey.findFirst({ where, select: { name: true } });
    const { count } = await tx.passkey.updateMany({ where, data: { name } });
    if (!before || count === 0) throw notFound(text(PASSKEY_NOT_FOUND));
    const changes = changedFields({ name: before.name }, { name });
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, ctx, { action: 'passkey.renamed', targetId: id, details: changes });
    }
    return tx.passkey.findUniqueOrThrow({ where: { id }, select: passkeyFields });
  });
  return toPasskeyDto(row);
}

/** DELETE /profile/passkeys/{id}: from now on it signs nobody in. */
export async function deletePasskey(ctx: SignedInContext, { id }: { id: number }): Promise<void> {
  const where = { id, userId: ctx.actor.userId };
  await transaction(ctx.prisma, async (tx) => {
    const gone = await tx.passkey.findFirst({ where, select: { name: true } });
    const { count } = await tx.passkey.deleteMany({ where });
    if (!gone || count === 0) throw notFound(text(PASSKEY_NOT_FOUND));
    await recordAudit(tx, ctx, { action: 'passkey.removed', targetId: id, details: { name: gone.name } });
  });
}

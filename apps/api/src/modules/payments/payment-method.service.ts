import type { SavedPaymentMethod } from '@cabinet/contracts';
import { Prisma } from '../../generated/prisma/client';
import { conflict } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { readRows } from '../../lib/sql';

// The saved payment method and the auto-renewal switch (decision 0205). Only the method's type and title
// are kept (never card data); turning auto-renewal off, or deleting the method, means never charged again.

export const NO_SAVED_METHOD = trId(
  'Нет сохранённого способа оплаты: включите «Продлевать автоматически» при следующей оплате',
);

const view = (row: { type: string; title: string; autoRenew: boolean } | null): SavedPaymentMethod | null =>
  row && { type: row.type, title: row.title, auto_renew: row.autoRenew };

/**
 * The subscription screen reads it on every load: one prepared statement on the pool, not Prisma's query
 * path, whose compile and conversion cost more CPU than the read (decision 0114).
 */
export async function getPaymentMethod(ctx: SignedInContext): Promise<SavedPaymentMethod | null> {
  const rows = await readRows<{ type: string; title: string; autoRenew: boolean }>(
    ctx.pool,
    Prisma.sql`SELECT type, title, auto_renew AS "autoRenew" FROM saved_payment_methods
      WHERE user_id = ${ctx.actor.userId}`,
  );
  return view(rows[0] ?? null);
}

/** DELETE: the method goes; deleting none changes nothing. */
export async function deletePaymentMethod(ctx: SignedInContext): Promise<void> {
  await ctx.prisma.savedPaymentMethod.deleteMany({ where: { userId: ctx.actor.userId } });
}

/** PUT auto-renew {enabled}: on needs a saved method (409 otherwise); off always works. */
export async function setAutoRenew(
  ctx: SignedInContext,
  { enabled }: { enabled: boolean },
): Promise<SavedPaymentMethod | null> {
  const changed = await ctx.prisma.savedPaymentMethod.updateMany({
    where: { userId: ctx.actor.userId },
    // Turning it on again starts the refusal count afresh.
    data: enabled
      ? { autoRenew: true, failures: 0, failedFor: null, nextAttemptAt: null }
      : { autoRenew: false },
  });
  if (!changed.count && enabled) throw conflict(tr(NO_SAVED_METHOD));
  return getPaymentMethod(ctx);
}

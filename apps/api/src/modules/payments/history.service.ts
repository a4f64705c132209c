import type { Payment, PaymentListQuerySchema } from '@cabinet/contracts';
import type { z } from 'zod';
import { forbidden } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { type JsonPage, listMeta } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { selectPaymentPage } from './history.queries';

type PaymentListQuery = z.output<typeof PaymentListQuerySchema>;

/**
 * The caller's orders (admins: everyone's, or one user's), newest first; one statement per page. Admins
 * see the payer: the account's e-mail, or the one kept on the order once the account is gone (decision 0093).
 */
export async function listPayments(
  ctx: SignedInContext,
  query: PaymentListQuery,
): Promise<JsonPage<Payment>> {
  const { actor } = ctx;
  if (!actor.isAdmin && query.user_id !== undefined && query.user_id !== actor.userId) {
    throw forbidden(tr('Можно смотреть только свои платежи'));
  }
  const { total, items } = await selectPaymentPage(ctx.pool, {
    userId: actor.isAdmin ? query.user_id : actor.userId,
    status: query.status,
    withPayer: actor.isAdmin,
    take: query.perPage,
    skip: (query.page - 1) * query.perPage,
  });
  return { items, meta: listMeta(query.page, query.perPage, total) };
}

import type { IncomingTransfer } from '@cabinet/contracts';
import { Prisma } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { at, iso, NO_ITEMS, type PageRow } from '../../lib/json-sql';
import { readAnswerRows } from '../../lib/sql';

/**
 * The open offers made to the caller, newest first, with the organization's name and who offers, in one
 * statement on ownership_transfers(to_user_id, status) (decision 0114).
 */
export async function selectMyTransfers(
  ctx: SignedInContext,
  page: { skip: number; take: number },
): Promise<PageRow<IncomingTransfer>> {
  const rows = await readAnswerRows<PageRow<IncomingTransfer>>(
    ctx.pool,
    Prisma.sql`
    WITH open AS (SELECT * FROM ownership_transfers
      WHERE to_user_id = ${ctx.actor.userId} AND status = 'pending' AND expires_at > ${at(ctx.now)})
    SELECT (SELECT count(*)::int FROM open) AS total,
      COALESCE((SELECT json_agg(json_build_object('id', tr.id, 'organization_id', tr.organization_id,
          'from_user_id', tr.from_user_id, 'to_user_id', tr.to_user_id, 'status', tr.status,
          'expires_at', ${Prisma.raw(iso('tr.expires_at'))},
          'organization', json_build_object('id', o.id, 'name', o.name),
          'from_user', json_build_object('id', fu.id, 'name', fu.name, 'email', fu.email))
          ORDER BY tr.created_at DESC, tr.id DESC)
        FROM (SELECT * FROM open ORDER BY created_at DESC, id DESC LIMIT ${page.take} OFFSET ${page.skip}) tr
        JOIN organizations o ON o.id = tr.organization_id JOIN users fu ON fu.id = tr.from_user_id),
        '[]'::json) AS items`,
  );
  return rows[0] ?? { total: 0, items: NO_ITEMS };
}

import type { Member as MemberDto, MemberStatus } from '@cabinet/contracts';
import { Prisma } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import type { PageRow } from '../../lib/json-sql';
import { readAnswerRows } from '../../lib/sql';
import { memberJson } from '../organizations/organizations.queries';

export interface CollaboratorsRow extends PageRow<MemberDto> {
  /** The caller's own membership status here, if any (the desktop calls are for active members). */
  viewerStatus: MemberStatus | null;
}

/**
 * Members with their accounts, owner first, and the caller's own status, in one statement (decision
 * 0114). `pattern` (ILIKE) matches the account's name or e-mail; accounts that never completed sign-in are
 * shown to site admins only (decision 0086).
 */
export async function selectCollaborators(
  ctx: SignedInContext,
  query: { organizationId: number; pattern: string | null; skip: number; take: number },
): Promise<CollaboratorsRow> {
  const { actor } = ctx;
  const filters = [
    actor.isAdmin ? Prisma.empty : Prisma.sql`AND u.email_verified_at IS NOT NULL`,
    query.pattern === null
      ? Prisma.empty
      : Prisma.sql`AND (u.name ILIKE ${query.pattern} OR u.email ILIKE ${query.pattern})`,
  ];
  const rows = await readAnswerRows<CollaboratorsRow>(
    ctx.pool,
    Prisma.sql`
    WITH hits AS (
      SELECT m.id, m.type_id FROM members m JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = ${query.organizationId} ${Prisma.join(filters, ' ')})
    SELECT (SELECT status::text FROM members WHERE organization_id = ${query.organizationId}
        AND user_id = ${actor.userId}) AS "viewerStatus",
      (SELECT count(*)::int FROM hits) AS total,
      COALESCE((SELECT json_agg(${memberJson('m', 'mu', 'mt', ctx.config.PUBLIC_URL)} ORDER BY m.type_id, m.id)
        FROM (SELECT members.* FROM members WHERE id IN (SELECT id FROM hits)
          ORDER BY type_id, id LIMIT ${query.take} OFFSET ${query.skip}) m
        JOIN users mu ON mu.id = m.user_id JOIN member_types mt ON mt.id = m.type_id), '[]'::json) AS items`,
  );
  return rows[0] as CollaboratorsRow;
}

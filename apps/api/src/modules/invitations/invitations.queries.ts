import type { Invitation as InvitationDto, InvitationStatus, MemberStatus } from '@cabinet/contracts';
import { Prisma } from '../../generated/prisma/client';
import type { RequestContext, SignedInContext } from '../../lib/context';
import { at, iso, NO_ITEMS, type PageRow, person } from '../../lib/json-sql';
import { type JsonText, readAnswerRows } from '../../lib/sql';

// The invitation screens' reads, one statement each with the answer built in PostgreSQL (decision 0114);
// `i` is the invitation, `io` its organization, `ib` who invited.

const raw = Prisma.raw;

/** The status an invitation reads as: a pending one past its end is 'expired' (invitationStatus). */
const statusAt = (now: Date) =>
  Prisma.sql`CASE WHEN i.status = 'pending' AND i.expires_at <= ${at(now)} THEN 'expired' ELSE i.status::text END`;

/** toInvitationDto (invitations.mapper.ts). */
const invitationJson = (now: Date) => Prisma.sql`json_build_object('id', i.id,
  'organization_id', i.organization_id, 'organization', json_build_object('id', io.id, 'name', io.name),
  'email', i.email, 'type_id', i.type_id, 'status', ${statusAt(now)}, 'invited_by', ${person('ib')},
  'created_at', ${raw(iso('i.created_at'))}, 'sent_at', ${raw(iso('i.sent_at'))},
  'expires_at', ${raw(iso('i.expires_at'))})`;

const invitationJoins = raw(
  'JOIN organizations io ON io.id = i.organization_id LEFT JOIN users ib ON ib.id = i.invited_by_id',
);

export interface PageWindow {
  skip: number;
  take: number;
}

/** `total` and `items` columns: the invitations matching `where` (over `i`), newest first. */
const invitationPage = (ctx: RequestContext, where: Prisma.Sql, page: PageWindow) => Prisma.sql`
  (SELECT count(*)::int FROM invitations i WHERE ${where}) AS total,
  COALESCE((SELECT json_agg(${invitationJson(ctx.now)} ORDER BY i.created_at DESC, i.id DESC)
    FROM (SELECT * FROM invitations i WHERE ${where}
      ORDER BY i.created_at DESC, i.id DESC LIMIT ${page.take} OFFSET ${page.skip}) i
    ${invitationJoins}), '[]'::json) AS items`;

/** Open: pending and not yet expired (openInvitationWhere). */
const open = (now: Date) => Prisma.sql`i.status = 'pending' AND i.expires_at > ${at(now)}`;

/** The open invitations to the caller's e-mail, if it is verified (none otherwise). */
export async function selectMyInvitations(
  ctx: SignedInContext,
  page: PageWindow,
): Promise<PageRow<InvitationDto>> {
  const where = Prisma.sql`i.email = (SELECT email FROM users
    WHERE id = ${ctx.actor.userId} AND email_verified_at IS NOT NULL) AND ${open(ctx.now)}`;
  const rows = await readAnswerRows<PageRow<InvitationDto>>(
    ctx.pool,
    Prisma.sql`
    SELECT ${invitationPage(ctx, where, page)}`,
  );
  return rows[0] ?? { total: 0, items: NO_ITEMS };
}

/** The rows a status filter keeps; 'pending' and 'expired' part by expires_at . */
function statusFilter(statuses: InvitationStatus[], now: Date) {
  const one = (status: InvitationStatus) => {
    if (status === 'pending') return Prisma.sql`(${open(now)})`;
    if (status === 'expired')
      return Prisma.sql`(i.status = 'expired' OR (i.status = 'pending' AND i.expires_at <= ${at(now)}))`;
    return Prisma.sql`i.status = ${status}::invitation_status`;
  };
  return Prisma.sql`AND (${Prisma.join(statuses.map(one), ' OR ')})`;
}

export interface OrganizationInvitationsRow extends PageRow<InvitationDto> {
  ownerId: number;
  membership: { id: number; typeId: number; status: MemberStatus } | null;
}

/**
 * An organization's invitations, newest first, optionally of some statuses, with what the access rule
 * needs (the owner, the caller's membership); null when there is no such organization.
 */
export async function selectOrganizationInvitations(
  ctx: SignedInContext,
  query: PageWindow & { organizationId: number; status?: InvitationStatus[] | undefined },
): Promise<OrganizationInvitationsRow | null> {
  const where = Prisma.sql`i.organization_id = ${query.organizationId}
    ${query.status?.length ? statusFilter(query.status, ctx.now) : Prisma.empty}`;
  const rows = await readAnswerRows<OrganizationInvitationsRow>(
    ctx.pool,
    Prisma.sql`
    SELECT o.owner_id AS "ownerId",
      (SELECT json_build_object('id', id, 'typeId', type_id, 'status', status) FROM members
        WHERE organization_id = o.id AND user_id = ${ctx.actor.userId}) AS membership,
      ${invitationPage(ctx, where, query)}
    FROM organizations o WHERE o.id = ${query.organizationId}`,
  );
  return rows[0] ?? null;
}

/** The invitation whose link token hashes to `tokenHash`, as the API shows it; null when none. */
export async function selectInvitationByTokenHash(
  ctx: RequestContext,
  tokenHash: Uint8Array,
): Promise<JsonText<InvitationDto> | null> {
  const rows = await readAnswerRows<{ invitation: JsonText<InvitationDto> }>(
    ctx.pool,
    Prisma.sql`
    SELECT ${invitationJson(ctx.now)} AS invitation
    FROM invitations i ${invitationJoins} WHERE i.token_hash = ${tokenHash}`,
    ['invitation'],
  );
  return rows[0]?.invitation ?? null;
}

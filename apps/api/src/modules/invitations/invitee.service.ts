import {
  INVITATION_NOT_FOUND,
  type Invitation as InvitationDto,
  type Member as MemberDto,
  ORGANIZATION_NOT_FOUND,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { forbidden, gone, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { RequestContext, SignedInContext } from '../../lib/context';
import { type JsonPage, pageOf } from '../../lib/envelope';
import { tr, trId } from '../../lib/i18n';
import type { JsonText } from '../../lib/sql';
import { type Db, transaction } from '../../plugins/db/database';
import { memberInclude, toMemberDto } from '../organizations/organizations.mapper';
import { assertMembersFit, lockOrganization, openInvitationWhere } from '../organizations/plan-limits';
import {
  CLOSED_TEXTS,
  type InvitationRow,
  invitationInclude,
  invitationStatus,
  invitationTokenHash,
  toInvitationDto,
} from './invitations.mapper';
import { selectInvitationByTokenHash, selectMyInvitations } from './invitations.queries';

// The invitee's side: their open invitations, a link's invitation, accept and decline (decision 0130).
// Only a session whose verified e-mail is the invited address may accept or decline.

const OTHER_ADDRESS = trId(
  'Приглашение отправлено на другой адрес эл. почты. Войдите с тем адресом, на который пришло письмо',
);

/** The caller's e-mail if it is verified (an admin may have changed it to one not proven yet). */
async function verifiedEmail(ctx: SignedInContext): Promise<string | null> {
  const user = await ctx.prisma.user.findUnique({
    where: { id: ctx.actor.userId },
    select: { email: true, emailVerifiedAt: true },
  });
  return user?.emailVerifiedAt ? user.email : null;
}

/** 410 with the reason unless the invitation is open. */
function assertOpen(row: InvitationRow, now: Date) {
  const status = invitationStatus(row, now);
  if (status !== 'pending') throw gone(CLOSED_TEXTS[status]());
}

/** The 410 of a claim another call won (an accept, a decline, a revoke or a resend just before). */
async function lostClaim(db: Db, id: number, now: Date) {
  const row = await db.invitation.findUnique({ where: { id }, select: { status: true, expiresAt: true } });
  if (!row) return notFound(text(INVITATION_NOT_FOUND));
  const status = invitationStatus(row, now);
  return gone(
    status === 'pending'
      ? tr('Приглашение только что изменилось, откройте ссылку снова')
      : CLOSED_TEXTS[status](),
  );
}

/** GET /invitations: the open invitations to the caller's verified e-mail, newest first. */
export async function listMyInvitations(
  ctx: SignedInContext,
  query: { page: number; perPage: number },
): Promise<JsonPage<InvitationDto>> {
  return pageOf(query, (window) => selectMyInvitations(ctx, window));
}

/**
 * GET /invitations/token/{token}, with or without a session: the link is the capability. 404 for a token
 * nobody holds (a resend replaced it, or it never existed), 410 for an expired, revoked or used one.
 */
export async function getInvitationByToken(
  ctx: RequestContext,
  { token }: { token: string },
): Promise<JsonText<InvitationDto>> {
  const invitation = await selectInvitationByTokenHash(ctx, invitationTokenHash(token));
  if (!invitation) throw notFound(text(INVITATION_NOT_FOUND));
  const { status } = invitation.parse();
  if (status !== 'pending') throw gone(CLOSED_TEXTS[status]());
  return invitation;
}

/** The invitation the caller may answer: 404 unknown, 403 another address, 410 no longer open. */
async function invitationForCaller(ctx: SignedInContext, id: number): Promise<InvitationRow> {
  const row = await ctx.prisma.invitation.findUnique({ where: { id }, include: invitationInclude });
  if (!row) throw notFound(text(INVITATION_NOT_FOUND));
  // The address before the state: nobody learns what became of an invitation that is not theirs.
  if (row.email !== (await verifiedEmail(ctx))) throw forbidden(tr(OTHER_ADDRESS));
  assertOpen(row, ctx.now);
  return row;
}

/**
 * POST /invitations/{id}/accept: the caller becomes an active member of the invited type. Under the
 * organization's row lock, and claimed by a conditional update (pending and not expired → accepted), so
 * two accepts make one member and of an accept and a revoke exactly one happens. The invitation held a
 * seat; past the plan (it lapsed meanwhile) the accept is refused with the plan to upgrade to. A caller
 * who is a member already stays as they are; a join request of theirs becomes an active member.
 */
export async function acceptInvitation(
  ctx: SignedInContext,
  { id }: { id: number },
): Promise<{ member: MemberDto; organizationName: string }> {
  const { now } = ctx;
  const userId = ctx.actor.userId;
  const invitation = await invitationForCaller(ctx, id);
  const { organizationId } = invitation;
  const member = await transaction(ctx.prisma, async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    if (!organization) throw notFound(text(ORGANIZATION_NOT_FOUND));
    const claimed = await tx.invitation.updateMany({
      where: { id, email: invitation.email, ...openInvitationWhere(now) },
      data: { status: 'accepted', closedAt: now },
    });
    if (claimed.count === 0) throw await lostClaim(tx, id, now);
    // In the claim's transaction: an accept refused below (past the plan) leaves no event.
    await recordAudit(tx, ctx, {
      action: 'invitation.accepted',
      targetId: id,
      organizationId,
      details: { email: invitation.email, type_id: invitation.typeId },
    });
    const where = { organizationId_userId: { organizationId, userId } };
    const existing = await tx.member.findUnique({ where, select: { status: true } });
    if (existing?.status === 'active') return tx.member.findUniqueOrThrow({ where, include: memberInclude });
    if (existing) {
      return tx.member.update({
        where,
        data: { status: 'active', typeId: invitation.typeId },
        include: memberInclude,
      });
    }
    // The claimed invitation no longer counts, so the new member takes its seat.
    await assertMembersFit(tx, organizationId, organization.ownerId, 1, ctx);
    return tx.member.create({
      data: { organizationId, userId, typeId: invitation.typeId, status: 'active' },
      include: memberInclude,
    });
  });
  return {
    member: toMemberDto(member, ctx.config.PUBLIC_URL),
    organizationName: invitation.organization.name,
  };
}

/** POST /invitations/{id}/decline: conditional on the invitation being open, like accept. */
export async function declineInvitation(
  ctx: SignedInContext,
  { id }: { id: number },
): Promise<InvitationDto> {
  const { now } = ctx;
  const invitation = await invitationForCaller(ctx, id);
  await transaction(ctx.prisma, async (tx) => {
    const { count } = await tx.invitation.updateMany({
      where: { id, email: invitation.email, ...openInvitationWhere(now) },
      data: { status: 'declined', closedAt: now },
    });
    if (count === 0) throw await lostClaim(tx, id, now);
    await recordAudit(tx, ctx, {
      action: 'invitation.declined',
      targetId: id,
      organizationId: invitation.organizationId,
      details: { email: invitation.email },
    });
  });
  return toInvitationDto({ ...invitation, status: 'declined', closedAt: now }, now);
}

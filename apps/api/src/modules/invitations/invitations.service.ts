import {
  INVITATION_NOT_FOUND,
  INVITATION_RESEND_SECONDS,
  type Invitation as InvitationDto,
  type InvitationStatus,
  MEMBER_TYPE_ADMIN,
  ORGANIZATION_NOT_FOUND,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { conflict, forbidden, notFound, tooManyRequests } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { newOpaqueToken } from '../../lib/crypto';
import { type JsonPage, listMeta } from '../../lib/envelope';
import { tr, trId } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { type Tx, transaction } from '../../plugins/db/database';
import {
  actsAsOwner,
  assertManage,
  type OrganizationAccess,
  requireManage,
} from '../organizations/organizations.access';
import { assertMembersFit, lockOrganization } from '../organizations/plan-limits';
import { sendInvitationMail } from './invitations.mail';
import {
  ALREADY_INVITED,
  CLOSED_TEXTS,
  invitationExpiry,
  invitationInclude,
  invitationStatus,
  invitationTokenHash,
  toInvitationDto,
} from './invitations.mapper';
import { selectOrganizationInvitations } from './invitations.queries';

// The organization's side of invitations: invite, list, resend, revoke (owner, organization admins, site
// admins; docs/authorization/organizations.md, decisions 0130 and 0131).

export const ALREADY_MEMBER_ADDRESS = trId('Пользователь с этим адресом уже состоит в организации');

/** Decision 0191: an admin invitation is issued, renewed and withdrawn by the owner or a site admin only. */
export const ADMIN_INVITATION_OWNER_ONLY = trId(
  'Приглашения администраторов может отправлять и отзывать только владелец организации',
);

/** The type-3 rule over an invitation already read: 403 for an organization admin, nothing changed. */
function assertMayHandleType(ctx: SignedInContext, access: OrganizationAccess, typeId: number) {
  if (typeId === MEMBER_TYPE_ADMIN && !actsAsOwner(ctx, access))
    throw forbidden(tr(ADMIN_INVITATION_OWNER_ONLY));
}

/** A verb's outcome: the invitation, and whether its mail went out. */
export interface InvitationSent {
  invitation: InvitationDto;
  mailed: boolean;
}

/**
 * Runs `work` in one transaction under the organization's row lock (decision 0131), so invitations of one
 * organization are made and renewed one after another. The partial unique index (one pending invitation
 * per address) answers the same 409 as the check, should anything slip past it.
 */
function underOrganizationLock<T>(
  ctx: SignedInContext,
  organizationId: number,
  work: (tx: Tx, organization: { ownerId: number }) => Promise<T>,
): Promise<T> {
  return mapPrismaErrors(
    () =>
      transaction(ctx.prisma, async (tx) => {
        const organization = await lockOrganization(tx, organizationId);
        if (!organization) throw notFound(text(ORGANIZATION_NOT_FOUND));
        return work(tx, organization);
      }),
    { unique: conflict(tr(ALREADY_INVITED)) },
  );
}

/** An account with this address is in the organization already (a join request counts). */
async function assertNotMember(tx: Tx, organizationId: number, email: string) {
  const member = await tx.member.findFirst({
    where: { organizationId, user: { email } },
    select: { id: true },
  });
  if (member) throw conflict(tr(ALREADY_MEMBER_ADDRESS));
}

/**
 * POST /organizations/{id}/invitations. Under the organization's row lock, so concurrent invitations run one
 * after another: an address that is a member or has an open invitation is 409, and so is a seat past the
 * plan (open invitations take seats). The partial unique index (one pending invitation per address) backs
 * it up. Only the owner and site admins invite organization admins (type 3).
 */
export async function createInvitation(
  ctx: SignedInContext,
  { organizationId, email, typeId }: { organizationId: number; email: string; typeId: number },
): Promise<InvitationSent> {
  const access = await requireManage(ctx, organizationId);
  if (typeId === MEMBER_TYPE_ADMIN && !actsAsOwner(ctx, access)) {
    throw forbidden(tr('Приглашать администраторов может только владелец организации'));
  }
  const { now } = ctx;
  const token = newOpaqueToken();
  const row = await underOrganizationLock(ctx, organizationId, async (tx, organization) => {
    await assertNotMember(tx, organizationId, email);
    // A pending invitation past its end holds no seat and no longer blocks the address.
    await tx.invitation.updateMany({
      where: { organizationId, email, status: 'pending', expiresAt: { lte: now } },
      data: { status: 'expired', closedAt: now },
    });
    const open = await tx.invitation.findFirst({
      where: { organizationId, email, status: 'pending' },
      select: { id: true },
    });
    if (open) throw conflict(tr(ALREADY_INVITED));
    await assertMembersFit(tx, organizationId, organization.ownerId, 1, ctx);
    const created = await tx.invitation.create({
      data: {
        organizationId,
        email,
        typeId,
        tokenHash: invitationTokenHash(token),
        invitedById: ctx.actor.userId,
        sentAt: now,
        expiresAt: invitationExpiry(now),
      },
      include: invitationInclude,
    });
    await recordAudit(tx, ctx, {
      action: 'invitation.created',
      targetId: created.id,
      organizationId,
      details: { email, type_id: typeId },
    });
    return created;
  });
  const mailed = await sendInvitationMail(ctx, row, token);
  return { invitation: toInvitationDto(row, now), mailed };
}

/** GET /organizations/{id}/invitations: newest first, optionally of some statuses; one statement. */
export async function listInvitations(
  ctx: SignedInContext,
  query: { organizationId: number; page: number; perPage: number; status?: InvitationStatus[] | undefined },
): Promise<JsonPage<InvitationDto>> {
  const row = await selectOrganizationInvitations(ctx, {
    ...query,
    skip: (query.page - 1) * query.perPage,
    take: query.perPage,
  });
  if (!row) throw notFound(text(ORGANIZATION_NOT_FOUND));
  assertManage(ctx, {
    organizationId: query.organizationId,
    ownerId: row.ownerId,
    isOwner: row.ownerId === ctx.actor.userId,
    membership: row.membership,
  });
  return { items: row.items, meta: listMeta(query.page, query.perPage, row.total) };
}

interface InvitationRef {
  organizationId: number;
  invitationId: number;
}

/**
 * POST …/invitations/{invitationId}/resend: a new token (the old link stops working), seven more days, the
 * mail again; at most once a minute per invitation (429). An expired invitation comes back to life and takes
 * a seat again. Conditional on the row as it was read, under the organization's lock, so two resends at
 * once mail once and a resend racing a revoke or an accept changes nothing.
 */
export async function resendInvitation(
  ctx: SignedInContext,
  { organizationId, invitationId }: InvitationRef,
): Promise<InvitationSent> {
  const access = await requireManage(ctx, organizationId);
  const { now } = ctx;
  const token = newOpaqueToken();
  // Reviving an invitation that a newer one to the same address replaced is the unique index's 409.
  const row = await underOrganizationLock(ctx, organizationId, async (tx, organization) => {
    const current = await tx.invitation.findFirst({ where: { id: invitationId, organizationId } });
    if (!current) throw notFound(text(INVITATION_NOT_FOUND));
    // Renewing (an expired one: issuing anew) follows the rule of issuing (decision 0191).
    assertMayHandleType(ctx, access, current.typeId);
    const status = invitationStatus(current, now);
    if (status !== 'pending' && status !== 'expired') throw conflict(CLOSED_TEXTS[status]());
    const waitMs = current.sentAt.getTime() + INVITATION_RESEND_SECONDS * 1000 - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw tooManyRequests(
        tr('Отправить приглашение повторно можно через {seconds} с', { seconds }),
        seconds,
      );
    }
    if (status === 'expired') {
      await assertNotMember(tx, organizationId, current.email);
      await assertMembersFit(tx, organizationId, organization.ownerId, 1, ctx);
    }
    const { count } = await tx.invitation.updateMany({
      where: { id: current.id, status: current.status, sentAt: current.sentAt },
      data: {
        status: 'pending',
        tokenHash: invitationTokenHash(token),
        sentAt: now,
        expiresAt: invitationExpiry(now),
        closedAt: null,
      },
    });
    if (count === 0) throw conflict(tr('Приглашение только что изменилось, обновите список'));
    await recordAudit(tx, ctx, {
      action: 'invitation.resent',
      targetId: current.id,
      organizationId,
      details: { email: current.email, ...(status === 'expired' ? { was_expired: true } : {}) },
    });
    return tx.invitation.findUniqueOrThrow({ where: { id: current.id }, include: invitationInclude });
  });
  const mailed = await sendInvitationMail(ctx, row, token);
  return { invitation: toInvitationDto(row, now), mailed };
}

/**
 * DELETE …/invitations/{invitationId}: an open or expired invitation becomes 'revoked' (its link stops
 * working, its seat is free). Conditional on its status, so of a revoke and an accept at once exactly one
 * happens.
 */
export async function revokeInvitation(
  ctx: SignedInContext,
  { organizationId, invitationId }: InvitationRef,
): Promise<InvitationDto> {
  const { prisma, now } = ctx;
  const access = await requireManage(ctx, organizationId);
  const current = await prisma.invitation.findFirst({ where: { id: invitationId, organizationId } });
  if (!current) throw notFound(text(INVITATION_NOT_FOUND));
  // The type never changes after issue, so this read decides for the conditional update below.
  assertMayHandleType(ctx, access, current.typeId);
  const count = await transaction(prisma, async (tx) => {
    const revoked = await tx.invitation.updateMany({
      where: { id: current.id, status: { in: ['pending', 'expired'] } },
      data: { status: 'revoked', closedAt: now },
    });
    if (revoked.count > 0) {
      await recordAudit(tx, ctx, {
        action: 'invitation.revoked',
        targetId: current.id,
        organizationId,
        details: { email: current.email },
      });
    }
    return revoked.count;
  });
  const row = await prisma.invitation.findUniqueOrThrow({
    where: { id: current.id },
    include: invitationInclude,
  });
  if (count === 0) {
    const status = invitationStatus(row, now);
    throw conflict(status === 'pending' ? tr('Приглашение только что изменилось') : CLOSED_TEXTS[status]());
  }
  return toInvitationDto(row, now);
}

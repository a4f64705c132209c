import { MEMBER_TYPE_ADMIN, MEMBER_TYPE_MEMBER, MEMBER_TYPE_OWNER } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { recordAudit } from '../../lib/audit';
import type { RequestContext } from '../../lib/context';
import { newVaultKey } from '../../lib/crypto';
import { tr, trId } from '../../lib/i18n';
import { isUniqueViolation } from '../../lib/prisma-errors';
import { ScimError } from '../../lib/scim-error';
import { deleteUserSessions } from '../../lib/sessions';
import { emitEvent } from '../../lib/webhooks/events';
import { type Tx, transaction } from '../../plugins/db/database';
import { closeWhatAwaitedMember } from '../organizations/departures';
import { ALREADY_MEMBER, OWNER_CANNOT_BE_REMOVED } from '../organizations/members.service';
import { assertMembersFit, lockOrganization, openInvitationWhere } from '../organizations/plan-limits';
import { inVerifiedDomain } from '../sso/enforcement';
import { type ScimMemberRow, scimMemberSelect } from './scim-user.mapper';

// Joining and leaving by SCIM (issue 30, decision 0289). A SCIM call has no person behind it: its audit
// events have no actor and say details.via 'scim'; they are member.added / member.removed, so the members'
// webhook events go out as for any other way in or out. No 'Вас добавили' mail: the directory adds people.

/** A SCIM call's context: the request's, and the organization its token belongs to. */
export interface ScimContext extends RequestContext {
  organizationId: number;
}

export const OUTSIDE_DOMAINS = trId(
  'Адрес вне подтверждённых доменов организации: SCIM добавляет только адреса её доменов',
);

/** The member type SCIM gives: the SSO connection's default role when there is a connection, else 'Участник'. */
async function memberTypeFor(tx: Tx, organizationId: number): Promise<number> {
  const connection = await tx.ssoConnection.findUnique({
    where: { organizationId },
    select: { defaultTypeId: true },
  });
  const chosen = connection?.defaultTypeId;
  return chosen === MEMBER_TYPE_ADMIN || chosen === MEMBER_TYPE_MEMBER ? chosen : MEMBER_TYPE_MEMBER;
}

/**
 * The account of an address of the organization's verified domain, verified: made when there is none (the
 * address's owner is the organization's directory's word), verified when it was not. A first verification
 * ends whatever sessions the unproven account had, as a first sign-in does (sign-in.ts).
 */
async function domainAccount(tx: Tx, ctx: ScimContext, email: string, name: string | null) {
  const found = await tx.user.findUnique({
    where: { email },
    select: { id: true, name: true, emailVerifiedAt: true },
  });
  const created = !found;
  const account =
    found ??
    (await tx.user.create({
      data: { email, name: name ?? '', emailVerifiedAt: ctx.now, vaultKey: newVaultKey() },
      select: { id: true, name: true, emailVerifiedAt: true },
    }));
  if (created || !account.emailVerifiedAt) {
    await emitEvent(tx, ctx, { type: 'user.created', organizationId: null, data: { id: account.id, email } });
  }
  if (!created && (!account.emailVerifiedAt || (name !== null && name !== account.name))) {
    if (!account.emailVerifiedAt) {
      await deleteUserSessions(tx, account.id);
      await tx.signInDevice.deleteMany({ where: { userId: account.id } });
    }
    await tx.user.update({
      where: { id: account.id },
      data: { emailVerifiedAt: account.emailVerifiedAt ?? ctx.now, ...(name !== null ? { name } : {}) },
    });
  }
  return { id: account.id, created };
}

/** Open invitations to the address end: the seat each held becomes the member's (decision 0131). */
async function closeInvitations(tx: Tx, ctx: ScimContext, email: string) {
  const { organizationId } = ctx;
  const revoked = await tx.invitation.updateManyAndReturn({
    where: { organizationId, email, ...openInvitationWhere(ctx.now) },
    data: { status: 'revoked', closedAt: ctx.now },
    select: { id: true },
  });
  for (const { id } of revoked) {
    await recordAudit(tx, ctx, {
      action: 'invitation.revoked',
      targetId: id,
      organizationId,
      details: { email, reason: 'member.added', via: 'scim' },
    });
  }
}

/**
 * POST /Users: an address of the organization's verified domains becomes a member (a join request waiting
 * for an answer is accepted); plan seats apply (409 with the plan's message). The organization row is locked,
 * so concurrent provisioning keeps the seat count.
 */
export async function provisionMember(
  ctx: ScimContext,
  { email, name }: { email: string; name: string | null },
): Promise<ScimMemberRow> {
  const { organizationId } = ctx;
  if (!(await inVerifiedDomain(ctx.prisma, organizationId, email))) {
    throw new ScimError(400, tr(OUTSIDE_DOMAINS), 'invalidValue');
  }
  try {
    return await transaction(ctx.prisma, async (tx) => {
      const organization = await lockOrganization(tx, organizationId);
      if (!organization) throw new ScimError(401, text('Организация удалена'));
      const known = await tx.user.findUnique({ where: { email }, select: { id: true } });
      const membership = known
        ? await tx.member.findUnique({
            where: { organizationId_userId: { organizationId, userId: known.id } },
            select: { status: true },
          })
        : null;
      if (membership?.status === 'active') throw new ScimError(409, tr(ALREADY_MEMBER), 'uniqueness');
      const account = await domainAccount(tx, ctx, email, name);
      const where = { organizationId_userId: { organizationId, userId: account.id } };
      if (membership) {
        await assertMembersFit(tx, organizationId, organization.ownerId, 0, ctx);
        await tx.member.update({ where, data: { status: 'active' } });
      } else {
        await closeInvitations(tx, ctx, email);
        await assertMembersFit(tx, organizationId, organization.ownerId, 1, ctx);
        const typeId = await memberTypeFor(tx, organizationId);
        await tx.member.create({ data: { organizationId, userId: account.id, typeId, status: 'active' } });
      }
      const row = await tx.member.findUniqueOrThrow({ where, select: scimMemberSelect });
      await recordAudit(tx, ctx, {
        action: membership ? 'join_request.accepted' : 'member.added',
        targetId: account.id,
        organizationId,
        details: { name: row.user.name, email, via: 'scim', account_created: account.created },
      });
      return row;
    });
  } catch (error) {
    // Another organization's provisioning made the same address's account a moment ago.
    if (isUniqueViolation(error))
      throw new ScimError(409, tr('Аккаунт только что создан, повторите запрос'), 'uniqueness');
    throw error;
  }
}

/**
 * active: false and DELETE: the membership ends (never the owner's: 403). For an account of the
 * organization's verified domains every session and personal access token ends too: the directory says the
 * person left the company that owns the address (issue 30). Invitations to the address and an ownership
 * offer to the member end with it, as when a manager removes someone.
 */
export async function deprovisionMember(ctx: ScimContext, row: ScimMemberRow): Promise<void> {
  if (row.typeId === MEMBER_TYPE_OWNER) throw new ScimError(403, tr(OWNER_CANNOT_BE_REMOVED));
  const { organizationId } = ctx;
  const { id: userId, email, name } = row.user;
  const ownDomain = await inVerifiedDomain(ctx.prisma, organizationId, email);
  await transaction(ctx.prisma, async (tx) => {
    const { count } = await tx.member.deleteMany({
      where: { organizationId, userId, status: 'active', typeId: { not: MEMBER_TYPE_OWNER } },
    });
    if (count === 0) throw new ScimError(404, text('Пользователь не найден'));
    const sessions = ownDomain ? await deleteUserSessions(tx, userId) : 0;
    const tokens = ownDomain ? (await tx.personalAccessToken.deleteMany({ where: { userId } })).count : 0;
    await recordAudit(tx, ctx, {
      action: 'member.removed',
      targetId: userId,
      organizationId,
      details: { name, email, via: 'scim', sessions_ended: sessions, tokens_revoked: tokens },
    });
    await closeWhatAwaitedMember(tx, ctx, { organizationId, userId, reason: 'member.removed' });
  });
}

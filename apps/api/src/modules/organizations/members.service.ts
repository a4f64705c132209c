import {
  MEMBER_TYPE_ADMIN,
  MEMBER_TYPE_MEMBER,
  MEMBER_TYPE_OWNER,
  type Member as MemberDto,
  ORGANIZATION_NOT_FOUND,
  type PendingUser,
  USER_NOT_FOUND,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { type JsonPage, pageOf } from '../../lib/envelope';
import { tr, trId } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { transaction } from '../../plugins/db/database';
import { closeWhatAwaitedMember } from './departures';
import { countAddableAccounts } from './known-accounts';
import { queueMemberAddedMails } from './member-added.mail';
import { actsAsOwner, findAccess, type OrganizationAccess, requireManage } from './organizations.access';
import { memberInclude, toMemberDto } from './organizations.mapper';
import { selectPendingUsers } from './organizations.queries';
import { assertMembersFit, lockOrganization } from './plan-limits';

/** A member of an organization, named by the organization and the account. */
interface MemberRef {
  organizationId: number;
  userId: number;
}

export const ALREADY_MEMBER = trId('Пользователь уже состоит в организации');
export const OWNER_CANNOT_BE_REMOVED = trId('Владельца нельзя удалить из организации');
const MEMBER_NOT_FOUND = trId('Участник не найден');

/**
 * Adds an existing user as an active member (type 2); for non-admins only a verified account. The organization row is locked for the
 * transaction, so concurrent additions run one after another: the member limit holds and a second
 * addition of the same user sees the first (the unique (organization_id, user_id) backs it up).
 */
export async function addMember(
  ctx: SignedInContext,
  { organizationId, userId }: MemberRef,
): Promise<MemberDto> {
  const { prisma, actor } = ctx;
  await requireManage(ctx, organizationId);
  // An account that never completed sign-in does not exist for anyone but site admins (decision 0086), nor
  // does one the caller has no reason to know (decision 0190): one statement, answered as an unknown id.
  const addable = await countAddableAccounts(prisma, actor, organizationId, [userId], ctx.now);
  if (addable === 0) throw notFound(text(USER_NOT_FOUND));
  const member = await mapPrismaErrors(
    () =>
      transaction(prisma, async (tx) => {
        const organization = await lockOrganization(tx, organizationId);
        if (!organization) throw notFound(text(ORGANIZATION_NOT_FOUND));
        const existing = await tx.member.findUnique({
          where: { organizationId_userId: { organizationId, userId } },
          select: { id: true },
        });
        if (existing) throw conflict(tr(ALREADY_MEMBER));
        await assertMembersFit(tx, organizationId, organization.ownerId, 1, ctx);
        const created = await tx.member.create({
          data: { organizationId, userId, typeId: MEMBER_TYPE_MEMBER, status: 'active' },
          include: memberInclude,
        });
        await recordAudit(tx, ctx, {
          action: 'member.added',
          targetId: userId,
          organizationId,
          details: { name: created.user.name, email: created.user.email },
        });
        await queueMemberAddedMails(tx, ctx, organizationId, [userId]);
        return created;
      }),
    { unique: conflict(tr(ALREADY_MEMBER)) },
  );
  void ctx.outbox.flush();
  return toMemberDto(member, ctx.config.PUBLIC_URL);
}

/**
 * Removes a member: the owner and site admins remove anyone but the owner, organization admins only
 * members of type 2 (rejecting a join request is this call too); anyone may remove themselves (leave, or
 * withdraw a request). The delete is conditional on the types the caller may remove, so the owner's row can
 * never go whatever runs at once (type 1 is assigned only by an accepted transfer). Open invitations to the
 * address and an ownership offer to the member end with it (decisions 0130, 0132).
 */
export async function removeMember(
  ctx: SignedInContext,
  { organizationId, userId }: MemberRef,
): Promise<string> {
  const { prisma, actor } = ctx;
  const self = userId === actor.userId;
  let access: OrganizationAccess;
  if (self) {
    access = await findAccess(ctx, organizationId);
    if (!access.membership && !actor.isAdmin) throw notFound(text(ORGANIZATION_NOT_FOUND));
  } else {
    access = await requireManage(ctx, organizationId);
  }
  const target = await prisma.member.findUnique({
    where: { organizationId_userId: { organizationId, userId } },
    select: { typeId: true, status: true, user: { select: { name: true, email: true } } },
  });
  if (!target) throw notFound(tr(MEMBER_NOT_FOUND));
  if (target.typeId === MEMBER_TYPE_OWNER) throw conflict(tr(OWNER_CANNOT_BE_REMOVED));
  const removable =
    self || actsAsOwner(ctx, access) ? [MEMBER_TYPE_MEMBER, MEMBER_TYPE_ADMIN] : [MEMBER_TYPE_MEMBER];
  if (!removable.includes(target.typeId)) throw forbidden(tr(ADMIN_CHANGED_BY_OWNER_ONLY));
  const pending = target.status === 'pending';
  const action = pending
    ? self
      ? 'join_request.withdrawn'
      : 'join_request.rejected'
    : self
      ? 'member.left'
      : 'member.removed';
  await transaction(prisma, async (tx) => {
    const { count } = await tx.member.deleteMany({
      where: { organizationId, userId, typeId: { in: removable } },
    });
    if (count === 0) throw notFound(tr(MEMBER_NOT_FOUND));
    await recordAudit(tx, ctx, { action, targetId: userId, organizationId, details: target.user });
    await closeWhatAwaitedMember(tx, ctx, { organizationId, userId, reason: action });
  });
  if (target.status === 'pending')
    return self ? tr('Запрос на вступление отменён') : text('Запрос на вступление отклонён');
  return self ? tr('Вы покинули организацию') : tr('Участник удалён из организации');
}

const ADMIN_CHANGED_BY_OWNER_ONLY = trId(
  'Изменить роль администратора организации или удалить его может только владелец',
);

/**
 * Sets a member's type to 2 or 3 (the schema refuses anything else: ownership moves only by a transfer).
 * Only the owner and site admins assign 3 or change another organization admin; an organization admin may
 * step down to 2. The owner cannot be demoted. The update is conditional on the types the caller may
 * change, so a concurrent change of the same member cannot be overridden unseen (decision 0132).
 */
export async function updateMemberType(
  ctx: SignedInContext,
  { organizationId, userId, typeId }: MemberRef & { typeId: number },
): Promise<MemberDto> {
  const { prisma } = ctx;
  const access = await requireManage(ctx, organizationId);
  const owner = actsAsOwner(ctx, access);
  const self = userId === ctx.actor.userId;
  if (typeId === MEMBER_TYPE_ADMIN && !owner) {
    throw forbidden(tr('Назначать администраторов может только владелец организации'));
  }
  const target = await prisma.member.findUnique({
    where: { organizationId_userId: { organizationId, userId } },
    select: { typeId: true, user: { select: { name: true, email: true } } },
  });
  if (!target) throw notFound(tr(MEMBER_NOT_FOUND));
  if (target.typeId === MEMBER_TYPE_OWNER)
    throw conflict(tr('Владельца нельзя понизить: у организации всегда есть владелец'));
  if (target.typeId === MEMBER_TYPE_ADMIN && !owner && !self)
    throw forbidden(tr(ADMIN_CHANGED_BY_OWNER_ONLY));
  const from = owner
    ? [MEMBER_TYPE_MEMBER, MEMBER_TYPE_ADMIN]
    : self
      ? [MEMBER_TYPE_ADMIN]
      : [MEMBER_TYPE_MEMBER];
  await transaction(prisma, async (tx) => {
    const { count } = await tx.member.updateMany({
      where: { organizationId, userId, typeId: { in: from } },
      data: { typeId },
    });
    if (count === 0) throw conflict(tr('Роль участника только что изменилась, обновите страницу'));
    if (target.typeId !== typeId) {
      await recordAudit(tx, ctx, {
        action: 'member.role_changed',
        targetId: userId,
        organizationId,
        details: { ...target.user, type: { from: target.typeId, to: typeId } },
      });
    }
  });
  const member = await prisma.member.findUnique({
    where: { organizationId_userId: { organizationId, userId } },
    include: memberInclude,
  });
  if (!member) throw notFound(tr(MEMBER_NOT_FOUND));
  return toMemberDto(member, ctx.config.PUBLIC_URL);
}

/** Join requests in the organizations the caller owns or administers (site admins: all), oldest first. */
export async function listPendingUsers(
  ctx: SignedInContext,
  query: { page: number; perPage: number },
): Promise<JsonPage<PendingUser>> {
  return pageOf(query, (window) => selectPendingUsers(ctx, window));
}

/**
 * Accepts a join request. Pending members already count towards the limit, so this only refuses when the
 * organization is over it (e.g. the owner's plan lapsed since the request came).
 */
export async function acceptMember(
  ctx: SignedInContext,
  { organizationId, userId }: MemberRef,
): Promise<MemberDto> {
  await requireManage(ctx, organizationId);
  const member = await transaction(ctx.prisma, async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    if (!organization) throw notFound(text(ORGANIZATION_NOT_FOUND));
    const request = await tx.member.findUnique({
      where: { organizationId_userId: { organizationId, userId } },
      select: { status: true },
    });
    if (request?.status !== 'pending') throw notFound(tr('Запрос на вступление не найден'));
    await assertMembersFit(tx, organizationId, organization.ownerId, 0, ctx);
    const accepted = await tx.member.update({
      where: { organizationId_userId: { organizationId, userId } },
      data: { status: 'active' },
      include: memberInclude,
    });
    await recordAudit(tx, ctx, {
      action: 'join_request.accepted',
      targetId: userId,
      organizationId,
      details: { name: accepted.user.name, email: accepted.user.email },
    });
    return accepted;
  });
  return toMemberDto(member, ctx.config.PUBLIC_URL);
}

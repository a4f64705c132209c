import type { MemberStatus } from '@cabinet/contracts';
import { MEMBER_TYPE_ADMIN, ORGANIZATION_NOT_FOUND } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { forbidden, notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';

export interface OrganizationAccess {
  organizationId: number;
  ownerId: number;
  isOwner: boolean;
  /** The caller's own membership, whatever its status. */
  membership: { id: number; typeId: number; status: MemberStatus } | null;
}

/**
 * One rule for the area (docs/authorization/organizations.md): an organization exists for its active
 * members and for admins only; anyone else gets 404, so ids cannot be probed. A member who may see it
 * but not do the thing gets 403.
 */
export async function findAccess(ctx: SignedInContext, organizationId: number): Promise<OrganizationAccess> {
  const { actor } = ctx;
  const organization = await ctx.prisma.organization.findUnique({
    where: { id: organizationId },
    select: {
      id: true,
      ownerId: true,
      members: { where: { userId: actor.userId }, select: { id: true, typeId: true, status: true } },
    },
  });
  if (!organization) throw notFound(text(ORGANIZATION_NOT_FOUND));
  return {
    organizationId: organization.id,
    ownerId: organization.ownerId,
    isOwner: organization.ownerId === actor.userId,
    membership: organization.members[0] ?? null,
  };
}

export const isActiveMember = (access: OrganizationAccess) => access.membership?.status === 'active';

/** Who reads an organization: its active members and site admins. */
export const mayRead = (ctx: SignedInContext, status: MemberStatus | null | undefined) =>
  ctx.actor.isAdmin || status === 'active';

/** Read: active members and admins. */
export async function requireRead(ctx: SignedInContext, organizationId: number) {
  const access = await findAccess(ctx, organizationId);
  if (!mayRead(ctx, access.membership?.status)) throw notFound(text(ORGANIZATION_NOT_FOUND));
  return access;
}

/** An active organization admin (member type 3; decision 0132). */
export const isOrganizationAdmin = (access: OrganizationAccess) =>
  isActiveMember(access) && access.membership?.typeId === MEMBER_TYPE_ADMIN;

/** The owner or a site admin: who may delete, transfer, and assign or change organization admins. */
export const actsAsOwner = (ctx: SignedInContext, access: OrganizationAccess) =>
  ctx.actor.isAdmin || access.isOwner;

/**
 * Manage (edit, members, invitations, join requests): the owner, its organization admins (type 3) and
 * site admins; other active members 403, strangers 404.
 */
export async function requireManage(ctx: SignedInContext, organizationId: number) {
  const access = await findAccess(ctx, organizationId);
  assertManage(ctx, access);
  return access;
}

/** requireManage's rule over an access already read (with the rows of a one-statement read). */
export function assertManage(ctx: SignedInContext, access: OrganizationAccess) {
  if (!mayRead(ctx, access.membership?.status)) throw notFound(text(ORGANIZATION_NOT_FOUND));
  if (!actsAsOwner(ctx, access) && !isOrganizationAdmin(access)) {
    throw forbidden(tr('Управлять организацией могут только её владелец и администраторы'));
  }
}

/** Delete and transfer: the owner and site admins; organization admins and members 403, strangers 404. */
export async function requireOwnership(ctx: SignedInContext, organizationId: number) {
  const access = await requireRead(ctx, organizationId);
  if (!actsAsOwner(ctx, access)) throw forbidden(tr(OWNER_ONLY));
  return access;
}

export const OWNER_ONLY = trId('Это может сделать только владелец организации');

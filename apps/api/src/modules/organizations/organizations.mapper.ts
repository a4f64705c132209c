import type { MemberAccount, Member as MemberDto, Transfer, TypeRef } from '@cabinet/contracts';
import type {
  File,
  Member,
  MemberType,
  Organization,
  OrganizationType,
  OwnershipTransfer,
} from '../../generated/prisma/client';
import { toFileDto } from '../files/files.mapper';

/** What every member answer loads: its type and its account with the avatar. */
export const memberInclude = {
  type: true,
  user: { select: { id: true, name: true, email: true, avatar: true } },
} as const;

export interface AccountRow {
  id: number;
  name: string;
  email: string;
  avatar: File | null;
}

export const avatarUrl = (file: File | null, publicUrl: string) =>
  file ? toFileDto(file, publicUrl).url : null;

export const toTypeRef = (type: OrganizationType | MemberType): TypeRef => ({
  id: type.id,
  code: type.code,
  name: type.name,
});

export const toAccount = (user: AccountRow, publicUrl: string): MemberAccount => ({
  id: user.id,
  name: user.name,
  email: user.email,
  avatar_url: avatarUrl(user.avatar, publicUrl),
});

/**
 * The fields every organization answer shares (spec section 3), the single one and the list items:
 * who owns it, its avatar, and the room its owner's plan leaves for members (open invitations take seats
 * too; decision 0131).
 */
export function organizationFields(
  o: Organization & { type: OrganizationType; avatar: File | null },
  viewerId: number,
  membersCount: number,
  maxMembers: number,
  publicUrl: string,
  openInvitations = 0,
) {
  return {
    id: o.id,
    name: o.name,
    type: toTypeRef(o.type),
    type_id: o.typeId,
    owner_id: o.ownerId,
    is_your: o.ownerId === viewerId,
    members_count: membersCount,
    remaining_members: Math.max(0, maxMembers - membersCount - openInvitations),
    files: o.avatar ? [toFileDto(o.avatar, publicUrl)] : [],
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

/** Member row → the Member entity of spec section 3. */
export function toMemberDto(
  member: Member & { type: MemberType; user: AccountRow },
  publicUrl: string,
): MemberDto {
  return {
    id: member.id,
    account: toAccount(member.user, publicUrl),
    account_id: member.userId,
    organization_id: member.organizationId,
    type_id: member.typeId,
    type: toTypeRef(member.type),
    status: member.status,
    public_key: member.publicKey,
    auto_linked: member.autoLinked,
    created_at: member.createdAt.toISOString(),
    updated_at: member.updatedAt.toISOString(),
  };
}

/** Members are shown owner first, then in the order they joined (spec: sorted ascending by type). */
export const memberOrder = [{ typeId: 'asc' as const }, { id: 'asc' as const }];

/** An ownership offer as the API shows it; a pending one past its end reads 'expired' (decision 0133). */
export const toTransferDto = (t: OwnershipTransfer, now: Date): Transfer => ({
  id: t.id,
  organization_id: t.organizationId,
  from_user_id: t.fromUserId,
  to_user_id: t.toUserId,
  status: t.status === 'pending' && t.expiresAt <= now ? 'expired' : t.status,
  expires_at: t.expiresAt.toISOString(),
});

/** The open offer of an organization: pending and not expired. */
export const openTransferWhere = (now: Date) => ({ status: 'pending' as const, expiresAt: { gt: now } });

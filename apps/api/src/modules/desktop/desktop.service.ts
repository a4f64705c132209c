import {
  MEMBER_TYPE_MEMBER,
  type Member as MemberDto,
  OPEN_JOIN_REQUESTS_MAX,
  ORGANIZATION_NOT_FOUND,
  type StartAddingItem,
  USER_NOT_FOUND,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { limitReached, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { type JsonPage, listMeta } from '../../lib/envelope';
import { tr } from '../../lib/i18n';
import { likeLiteral } from '../../lib/like';
import { type Tx, transaction } from '../../plugins/db/database';
import { countAddableAccounts, recordLookups } from '../organizations/known-accounts';
import { queueMemberAddedMails } from '../organizations/member-added.mail';
import { findAccess, isActiveMember, isOrganizationAdmin } from '../organizations/organizations.access';
import { memberInclude, toMemberDto } from '../organizations/organizations.mapper';
import { assertMembersFit, lockOrganization } from '../organizations/plan-limits';
import { selectCollaborators } from './desktop.queries';

/**
 * The desktop calls are for the organization's active members only, admins included: anyone else gets
 * 404, as in the rest of the area (docs/decisions/0012-desktop-collaborators.md).
 */
async function requireActiveMember(ctx: SignedInContext, organizationId: number) {
  const access = await findAccess(ctx, organizationId);
  if (!isActiveMember(access)) throw notFound(text(ORGANIZATION_NOT_FOUND));
  return access;
}

/** Members with their accounts, owner first; `search` matches the account's name or e-mail. */
export async function listCollaborators(
  ctx: SignedInContext,
  query: { organizationId: number; page: number; perPage: number; search?: string | undefined },
): Promise<JsonPage<MemberDto>> {
  const { viewerStatus, total, items } = await selectCollaborators(ctx, {
    organizationId: query.organizationId,
    pattern: query.search ? `%${likeLiteral(query.search)}%` : null,
    skip: (query.page - 1) * query.perPage,
    take: query.perPage,
  });
  // The same rule as requireActiveMember, over the status the statement read with the page.
  if (viewerStatus !== 'active') throw notFound(text(ORGANIZATION_NOT_FOUND));
  return { items, meta: listMeta(query.page, query.perPage, total) };
}

/**
 * Per e-mail (in the order given, duplicates once): the account if there is one, and the key blob and
 * auto-link flag of its membership here, which the desktop needs to share keys with each person.
 */
export async function startAdding(
  ctx: SignedInContext,
  { organizationId, emails }: { organizationId: number; emails: string[] },
): Promise<StartAddingItem[]> {
  const { prisma, actor } = ctx;
  await requireActiveMember(ctx, organizationId);
  const unique = [...new Set(emails)];
  const users = await prisma.user.findMany({
    // An account that never completed sign-in is, for anyone but a site admin, no account (decision 0086).
    where: { email: { in: unique }, ...(actor.isAdmin ? {} : { emailVerifiedAt: { not: null } }) },
    select: {
      id: true,
      email: true,
      memberships: { where: { organizationId }, select: { publicKey: true, autoLinked: true } },
    },
  });
  // The accounts found may be added by id for a while (decision 0190).
  if (!actor.isAdmin)
    await recordLookups(
      prisma,
      actor.userId,
      users.map((u) => u.id),
      ctx.now,
    );
  const byEmail = new Map(users.map((u) => [u.email, u]));
  return unique.map((email) => {
    const user = byEmail.get(email);
    const membership = user?.memberships[0];
    return {
      email,
      accountId: user?.id ?? null,
      publicKey: membership?.publicKey ?? null,
      autoLinked: membership?.autoLinked ?? false,
    };
  });
}

/**
 * A member who is not the owner may have at most OPEN_JOIN_REQUESTS_MAX requests waiting in one
 * organization (decision 0098), so nobody can fill the owner's list, or the seats pending members take.
 * Runs under the organization row lock, so concurrent calls are counted one after another.
 */
async function assertRequestsFit(tx: Tx, organizationId: number, requesterId: number, adding: number) {
  const open = await tx.member.count({
    where: { organizationId, requestedById: requesterId, status: 'pending' },
  });
  if (open + adding > OPEN_JOIN_REQUESTS_MAX) {
    throw limitReached(
      tr(
        'Не более {max} запросов на вступление могут ждать решения владельца: ваших уже ждут {open}, новых {adding}. Дождитесь, пока владелец примет или отклонит отправленные.',
        { max: OPEN_JOIN_REQUESTS_MAX, open, adding },
      ),
    );
  }
}

/**
 * Creates a member per account that is not one yet, storing its key blob: a join request (pending), or,
 * when the owner or an organization admin calls, an active auto-linked member. Existing members are left
 * as they are, so a second call changes nothing. An unknown account id (or, for a non-admin, an unverified
 * one) refuses the whole call (404) and creates nothing.
 */
export async function finishAdding(
  ctx: SignedInContext,
  {
    organizationId,
    accountIds,
    keys,
  }: { organizationId: number; accountIds: number[]; keys: Record<string, string> },
): Promise<{ members: MemberDto[]; byManager: boolean }> {
  const { actor } = ctx;
  const access = await requireActiveMember(ctx, organizationId);
  const ids = [...new Set(accountIds)];
  let byManager = false;
  const members = await transaction(ctx.prisma, async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    if (!organization) throw notFound(text(ORGANIZATION_NOT_FOUND));
    // The owner and organization admins (type 3) add active members at once (decision 0132).
    byManager = organization.ownerId === actor.userId || isOrganizationAdmin(access);
    // An account that never completed sign-in is, for anyone but a site admin, no account (decision 0086),
    // and so is one the caller has no reason to know (decision 0190: start-adding's answer, a request or
    // invitation here, a shared organization): refused like an unknown id, so a guessed id neither adds it
    // nor gives its e-mail back.
    const found = await countAddableAccounts(tx, actor, organizationId, ids, ctx.now);
    if (found !== ids.length) throw notFound(text(USER_NOT_FOUND));
    const existing = await tx.member.findMany({
      where: { organizationId, userId: { in: ids } },
      select: { userId: true },
    });
    const known = new Set(existing.map((m) => m.userId));
    const fresh = ids.filter((id) => !known.has(id));
    if (fresh.length > 0) {
      if (!byManager) await assertRequestsFit(tx, organizationId, actor.userId, fresh.length);
      await assertMembersFit(tx, organizationId, organization.ownerId, fresh.length, ctx);
      await tx.member.createMany({
        data: fresh.map((userId) => ({
          organizationId,
          userId,
          typeId: MEMBER_TYPE_MEMBER,
          status: byManager ? ('active' as const) : ('pending' as const),
          autoLinked: byManager,
          publicKey: keys[String(userId)] ?? null,
          requestedById: actor.userId,
        })),
        skipDuplicates: true,
      });
      for (const userId of fresh) {
        await recordAudit(tx, ctx, {
          action: byManager ? 'member.added' : 'join_request.created',
          targetId: userId,
          organizationId,
          details: { via: 'desktop' },
        });
      }
      if (byManager) await queueMemberAddedMails(tx, ctx, organizationId, fresh);
    }
    return tx.member.findMany({ where: { organizationId, userId: { in: ids } }, include: memberInclude });
  });
  if (byManager) void ctx.outbox.flush();
  const byUser = new Map(members.map((m) => [m.userId, m]));
  return {
    members: ids.flatMap((id) => {
      const m = byUser.get(id);
      return m ? [toMemberDto(m, ctx.config.PUBLIC_URL)] : [];
    }),
    byManager,
  };
}

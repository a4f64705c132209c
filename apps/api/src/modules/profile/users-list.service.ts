import {
  INT32_MAX,
  ORGANIZATION_NOT_FOUND,
  type UserListItem,
  type UserSearchItem,
} from '@cabinet/contracts';
import type { Prisma as PrismaNs } from '../../generated/prisma/client';
import { notFound } from '../../lib/app-error';
import type { Actor, SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { likeLiteral } from '../../lib/like';
import type { Prisma } from '../../plugins/db/database';
import { fileDownloadPath } from '../files/files.mapper';
import { effectivePlanId } from '../plans/plans.mapper';

// profile/list and profile/search: who may see whom, and how search works for admins and for everyone
// else. See docs/decisions/0040-user-lists.md.

export interface UserListFilter {
  page: number;
  perPage: number;
  include_org_id?: number | undefined;
  exclude_org_id?: number | undefined;
  search?: string | undefined;
}

/** A plain e-mail address (what a non-admin may search for); anything else finds nobody. */
const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+$/.test(s);

/**
 * include_org_id / exclude_org_id: admins may name any existing organization; anyone else only one they
 * are an active member of. Otherwise 404, the organizations area's rule, so existence does not leak.
 */
async function assertOrganizationVisible({ prisma, actor }: SignedInContext, organizationId: number) {
  const visible = actor.isAdmin
    ? await prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true } })
    : await prisma.member.findFirst({
        where: { organizationId, userId: actor.userId, status: 'active' },
        select: { id: true },
      });
  if (!visible) throw notFound(ORGANIZATION_NOT_FOUND);
}

async function organizationFilters(ctx: SignedInContext, filter: UserListFilter) {
  const where: PrismaNs.UserWhereInput[] = [];
  if (filter.include_org_id !== undefined) {
    await assertOrganizationVisible(ctx, filter.include_org_id);
    where.push({ memberships: { some: { organizationId: filter.include_org_id, status: 'active' } } });
  }
  if (filter.exclude_org_id !== undefined) {
    if (filter.exclude_org_id !== filter.include_org_id) {
      await assertOrganizationVisible(ctx, filter.exclude_org_id);
    }
    // Pending members count as members here: inviting them again would only be refused.
    where.push({ memberships: { none: { organizationId: filter.exclude_org_id } } });
  }
  return where;
}

/**
 * Admins: substring of e-mail or name (trigram indexes), or the exact id when the text is all digits.
 * Everyone else: the exact e-mail only, so addresses cannot be harvested. null means "finds nobody".
 */
function searchFilter(actor: Actor, search: string | undefined): PrismaNs.UserWhereInput | null | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  if (!actor.isAdmin) return looksLikeEmail(text) ? { email: text.toLowerCase() } : null;
  // Digits only: the ID column of the admin list. (As a substring it would also match every e-mail with
  // those digits and bury the one account on a later page.)
  if (/^\d+$/.test(text))
    return /^\d{1,10}$/.test(text) && Number(text) <= INT32_MAX ? { id: Number(text) } : null;
  const pattern = likeLiteral(text);
  return {
    OR: [
      { email: { contains: pattern, mode: 'insensitive' } },
      { name: { contains: pattern, mode: 'insensitive' } },
    ],
  };
}

/**
 * Accounts that completed sign-in. One made by a code request that was never completed (or invited by an
 * admin and not yet used) is visible to site admins only (decision 0086).
 */
const VERIFIED: PrismaNs.UserWhereInput = { emailVerifiedAt: { not: null } };

/** Users who share an active membership of some organization with the caller (the caller included). */
const coMembersOf = (userId: number): PrismaNs.UserWhereInput => ({
  memberships: {
    some: { status: 'active', organization: { members: { some: { userId, status: 'active' } } } },
  },
});

const pageMeta = (filter: UserListFilter, total: number) => listMeta(filter.page, filter.perPage, total);

const emptyPage = <T>(filter: UserListFilter): Page<T> => ({ items: [], meta: pageMeta(filter, 0) });

/**
 * Up to this many matches, a page is cut from the matching ids in memory. Beyond it, ORDER BY id LIMIT n
 * walking the primary key finds a page quickly because matches are everywhere.
 */
const SMALL_MATCH_SET = 5000;

async function findPage<S extends PrismaNs.UserSelect>(
  prisma: Prisma,
  where: PrismaNs.UserWhereInput,
  filter: UserListFilter,
  select: S,
) {
  const total = await prisma.user.count({ where });
  const skip = (filter.page - 1) * filter.perPage;
  if (total === 0 || skip >= total) return { total, rows: [] };
  if (total > SMALL_MATCH_SET) {
    const rows = await prisma.user.findMany({
      where,
      select,
      orderBy: { id: 'asc' },
      skip,
      take: filter.perPage,
    });
    return { total, rows };
  }
  // Few matches: with ORDER BY id LIMIT n the planner may walk the whole primary key looking for them
  // (a long search text makes the trigram index look expensive), which takes seconds at a million users.
  // Reading the matching ids without an order lets it use the trigram index; see apps/api/bench.
  const ids = (await prisma.user.findMany({ where, select: { id: true } }))
    .map((u) => u.id)
    .sort((a, b) => a - b);
  const pageIds = ids.slice(skip, skip + filter.perPage);
  const rows = await prisma.user.findMany({ where: { id: { in: pageIds } }, select, orderBy: { id: 'asc' } });
  return { total, rows };
}

const listSelect = {
  id: true,
  name: true,
  email: true,
  emailVerifiedAt: true,
  typeId: true,
  type: { select: { id: true, code: true, name: true } },
  planId: true,
  planExpiresAt: true,
  avatarFileId: true,
  blockedAt: true,
  createdAt: true,
  updatedAt: true,
} satisfies PrismaNs.UserSelect;

/** GET /profile/list: admins see everyone (unverified accounts included), others their verified co-members. */
export async function listUsers(ctx: SignedInContext, filter: UserListFilter): Promise<Page<UserListItem>> {
  const { prisma, actor } = ctx;
  const publicUrl = ctx.config.PUBLIC_URL;
  const search = searchFilter(actor, filter.search);
  if (search === null) return emptyPage(filter);
  const where: PrismaNs.UserWhereInput[] = await organizationFilters(ctx, filter);
  if (!actor.isAdmin) where.push(coMembersOf(actor.userId), VERIFIED);
  if (search) where.push(search);

  const { total, rows } = await findPage(prisma, { AND: where }, filter, listSelect);
  return {
    items: rows.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
      type_id: u.typeId,
      type: u.type,
      subscribe_id: effectivePlanId(u, ctx),
      avatar_url: u.avatarFileId === null ? null : `${publicUrl}${fileDownloadPath(u.avatarFileId)}`,
      // Whether someone is blocked is an admin matter.
      blocked: actor.isAdmin && u.blockedAt !== null,
      created_at: u.createdAt.toISOString(),
      updated_at: u.updatedAt.toISOString(),
    })),
    meta: pageMeta(filter, total),
  };
}

/**
 * GET /profile/search: the exact e-mail for everyone (any verified account, so that someone outside the
 * caller's organizations can be invited), substring or id for admins (who also see unverified accounts). A non-admin without an e-mail finds nobody.
 */
export async function searchUsers(
  ctx: SignedInContext,
  filter: UserListFilter,
): Promise<Page<UserSearchItem>> {
  const { prisma, actor } = ctx;
  const search = searchFilter(actor, filter.search);
  if (search === null || (search === undefined && !actor.isAdmin)) return emptyPage(filter);
  const where = await organizationFilters(ctx, filter);
  if (!actor.isAdmin) where.push(VERIFIED);
  if (search) where.push(search);
  const { total, rows } = await findPage(prisma, { AND: where }, filter, {
    id: true,
    email: true,
    name: true,
  });
  return { items: rows, meta: pageMeta(filter, total) };
}

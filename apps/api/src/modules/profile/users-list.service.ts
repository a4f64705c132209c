import {
  INT32_MAX,
  ORGANIZATION_NOT_FOUND,
  type UserListItem,
  type UserSearchItem,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { Prisma as PrismaNs } from '../../generated/prisma/client';
import { notFound } from '../../lib/app-error';
import type { Actor, SignedInContext } from '../../lib/context';
import { type JsonPage, listMeta } from '../../lib/envelope';
import { NO_ITEMS } from '../../lib/json-sql';
import { likeLiteral } from '../../lib/like';
import { recordLookupByEmail } from '../organizations/known-accounts';
import { findUserPage, userListItem, userSearchItem } from './users-list.queries';

type Sql = PrismaNs.Sql;

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
  if (!visible) throw notFound(text(ORGANIZATION_NOT_FOUND));
}

async function organizationFilters(ctx: SignedInContext, filter: UserListFilter) {
  const where: Sql[] = [];
  if (filter.include_org_id !== undefined) {
    await assertOrganizationVisible(ctx, filter.include_org_id);
    where.push(PrismaNs.sql`u.id IN (SELECT m.user_id FROM "members" m
      WHERE m.organization_id = ${filter.include_org_id} AND m.status = 'active')`);
  }
  if (filter.exclude_org_id !== undefined) {
    if (filter.exclude_org_id !== filter.include_org_id) {
      await assertOrganizationVisible(ctx, filter.exclude_org_id);
    }
    // Pending members count as members here: inviting them again would only be refused.
    where.push(PrismaNs.sql`NOT EXISTS (SELECT 1 FROM "members" m
      WHERE m.organization_id = ${filter.exclude_org_id} AND m.user_id = u.id)`);
  }
  return where;
}

/**
 * Admins: substring of e-mail or name (trigram indexes), or the exact id when the text is all digits.
 * Everyone else: the exact e-mail only, so addresses cannot be harvested. null means "finds nobody".
 */
function searchFilter(actor: Actor, search: string | undefined): Sql | null | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  if (!actor.isAdmin) return looksLikeEmail(text) ? PrismaNs.sql`u.email = ${text.toLowerCase()}` : null;
  // Digits only: the ID column of the admin list. (As a substring it would also match every e-mail with
  // those digits and bury the one account on a later page.)
  if (/^\d+$/.test(text))
    return /^\d{1,10}$/.test(text) && Number(text) <= INT32_MAX ? PrismaNs.sql`u.id = ${Number(text)}` : null;
  const pattern = `%${likeLiteral(text)}%`;
  return PrismaNs.sql`(u.email ILIKE ${pattern} OR u.name ILIKE ${pattern})`;
}

/**
 * Accounts that completed sign-in. One made by a code request that was never completed (or invited by an
 * admin and not yet used) is visible to site admins only (decision 0086).
 */
const VERIFIED = PrismaNs.sql`u.email_verified_at IS NOT NULL`;

/** Users who share an active membership of some organization with the caller (the caller included). */
const coMembersOf = (userId: number) =>
  PrismaNs.sql`u.id IN (SELECT m.user_id FROM "members" mine
    JOIN "members" m ON m.organization_id = mine.organization_id AND m.status = 'active'
    WHERE mine.user_id = ${userId} AND mine.status = 'active')`;

const pageMeta = (filter: UserListFilter, total: number) => listMeta(filter.page, filter.perPage, total);

const emptyPage = <T>(filter: UserListFilter): JsonPage<T> => ({
  items: NO_ITEMS,
  meta: pageMeta(filter, 0),
});

const bounds = (filter: UserListFilter) => ({
  limit: filter.perPage,
  offset: (filter.page - 1) * filter.perPage,
});

/** GET /profile/list: admins see everyone (unverified accounts included), others their verified co-members. */
export async function listUsers(
  ctx: SignedInContext,
  filter: UserListFilter,
): Promise<JsonPage<UserListItem>> {
  const { actor, now } = ctx;
  const search = searchFilter(actor, filter.search);
  if (search === null) return emptyPage(filter);
  const where = await organizationFilters(ctx, filter);
  if (!actor.isAdmin) where.push(coMembersOf(actor.userId), VERIFIED);
  if (search) where.push(search);

  const item = userListItem({
    isAdmin: actor.isAdmin,
    now,
    config: ctx.config,
    publicUrl: ctx.config.PUBLIC_URL,
  });
  const { total, items } = await findUserPage<UserListItem>(ctx.pool, { item, where, ...bounds(filter) });
  await rememberFound(ctx, filter, total);
  return {
    items,
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
): Promise<JsonPage<UserSearchItem>> {
  const { actor } = ctx;
  const search = searchFilter(actor, filter.search);
  if (search === null || (search === undefined && !actor.isAdmin)) return emptyPage(filter);
  const where = await organizationFilters(ctx, filter);
  if (!actor.isAdmin) where.push(VERIFIED);
  if (search) where.push(search);
  const { total, items } = await findUserPage<UserSearchItem>(ctx.pool, {
    item: userSearchItem,
    where,
    ...bounds(filter),
  });
  await rememberFound(ctx, filter, total);
  return { items, meta: pageMeta(filter, total) };
}

/**
 * A non-admin's exact-e-mail search that found its account: the caller may add it by id for 15 minutes
 * (decision 0190). Admins add anyone, so nothing is kept for them.
 */
async function rememberFound(ctx: SignedInContext, filter: UserListFilter, total: number) {
  const text = filter.search?.trim();
  if (ctx.actor.isAdmin || total === 0 || !text || !looksLikeEmail(text)) return;
  await recordLookupByEmail(ctx.prisma, ctx.actor.userId, text.toLowerCase(), ctx.now);
}

import {
  type AdminOrganizationListItem,
  type AdminOrganizationListQuerySchema,
  BASIC_PLAN_ID,
  MEMBER_PREVIEW_COUNT,
  type OrganizationListItem,
  type ReferenceType,
  type TypeListQuerySchema,
} from '@cabinet/contracts';
import type { z } from 'zod';
import type { Prisma as PrismaNamespace } from '../../generated/prisma/client';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { likeLiteral } from '../../lib/like';
import { effectivePlanId } from '../plans/plans.mapper';
import { avatarUrl, memberOrder, organizationFields, toTypeRef } from './organizations.mapper';
import { openInvitationWhere } from './plan-limits';

// The organization lists: the caller's (home), all of them (admins) and the two reference lists.

/** The caller's list takes the same query less user_id (its schema refuses it). */
type ListQuery = z.output<typeof AdminOrganizationListQuerySchema>;

/** sort_by[key] of the spec → the column it sorts; title and text are the name. */
const SORT_COLUMNS = {
  'sort_by[created_at]': 'createdAt',
  'sort_by[notification_type_id]': 'typeId',
  'sort_by[title]': 'name',
  'sort_by[text]': 'name',
} as const;

function listOrderBy(query: ListQuery): PrismaNamespace.OrganizationOrderByWithRelationInput[] {
  const orderBy: PrismaNamespace.OrganizationOrderByWithRelationInput[] = [];
  for (const [key, column] of Object.entries(SORT_COLUMNS) as [keyof typeof SORT_COLUMNS, string][]) {
    const direction = query[key];
    if (direction === undefined) continue;
    orderBy.push({ [column]: direction || query.order || 'asc' });
  }
  // Default: newest first. The id keeps pages stable when dates tie.
  if (orderBy.length === 0) orderBy.push({ createdAt: query.order ?? 'desc' });
  orderBy.push({ id: query.order ?? 'desc' });
  return orderBy;
}

const listInclude = (now: Date) =>
  ({
    type: true,
    avatar: true,
    owner: { select: { id: true, name: true, email: true, planId: true, planExpiresAt: true } },
    // Open invitations hold seats (decision 0131).
    _count: { select: { members: true, invitations: { where: openInvitationWhere(now) } } },
  }) as const;

const ownedOrActive = (userId: number): PrismaNamespace.OrganizationWhereInput => ({
  OR: [{ ownerId: userId }, { members: { some: { userId, status: 'active' } } }],
});

/**
 * The caller's organizations (owned or active member), or all of them for the admin list. A fixed
 * number of queries whatever perPage: count, page, the first members of the page's organizations (one
 * window query), their rows, and the owners' plans.
 */
export async function listOrganizations(
  ctx: SignedInContext,
  query: ListQuery & { scope: 'mine' | 'all' },
): Promise<Page<AdminOrganizationListItem>> {
  const { prisma, actor } = ctx;
  const publicUrl = ctx.config.PUBLIC_URL;
  const where: PrismaNamespace.OrganizationWhereInput = {
    ...(query.scope === 'mine' ? ownedOrActive(actor.userId) : {}),
    ...(query.scope === 'all' && query.user_id ? ownedOrActive(query.user_id) : {}),
    ...(query.search ? { name: { contains: likeLiteral(query.search), mode: 'insensitive' } } : {}),
  };
  const [total, organizations] = await Promise.all([
    prisma.organization.count({ where }),
    prisma.organization.findMany({
      where,
      include: listInclude(ctx.now),
      orderBy: listOrderBy(query),
      skip: (query.page - 1) * query.perPage,
      take: query.perPage,
    }),
  ]);
  const ids = organizations.map((o) => o.id);
  const planIds = [...new Set([BASIC_PLAN_ID, ...organizations.map((o) => o.owner.planId)])];
  const [previewIds, plans] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([] as { id: number }[])
      : prisma.$queryRaw<{ id: number }[]>`
          SELECT id FROM (
            SELECT id, row_number() OVER (PARTITION BY organization_id ORDER BY type_id, id) AS position
            FROM members WHERE organization_id = ANY(${ids}::int[])
          ) ranked
          WHERE position <= ${MEMBER_PREVIEW_COUNT}`,
    prisma.plan.findMany({ where: { id: { in: planIds } }, select: { id: true, maxMembers: true } }),
  ]);
  const previews =
    previewIds.length === 0
      ? []
      : await prisma.member.findMany({
          where: { id: { in: previewIds.map((r) => r.id) } },
          include: { user: { select: { id: true, name: true, email: true, avatar: true } } },
          orderBy: memberOrder,
        });
  const maxMembers = new Map(plans.map((p) => [p.id, p.maxMembers]));
  const items = organizations.map((o): AdminOrganizationListItem => {
    const max = maxMembers.get(effectivePlanId(o.owner, ctx)) ?? 0;
    const item: OrganizationListItem = {
      ...organizationFields(o, actor.userId, o._count.members, max, publicUrl, o._count.invitations),
      members: previews
        .filter((m) => m.organizationId === o.id)
        .map((m) => ({
          id: m.id,
          account_id: m.userId,
          name: m.user.name,
          email: m.user.email,
          avatar_url: avatarUrl(m.user.avatar, publicUrl),
          type_id: m.typeId,
          status: m.status,
        })),
    };
    return { ...item, owner: { id: o.owner.id, name: o.owner.name, email: o.owner.email } };
  });
  return { items, meta: listMeta(query.page, query.perPage, total) };
}

/** The organization types or the member types: short seeded lists, filtered by name. */
export async function listTypes(
  ctx: SignedInContext,
  query: z.output<typeof TypeListQuerySchema> & { kind: 'organization' | 'member' },
): Promise<Page<ReferenceType>> {
  const { prisma } = ctx;
  const where = query.name
    ? { name: { contains: likeLiteral(query.name), mode: 'insensitive' as const } }
    : {};
  const args = {
    where,
    orderBy: { id: 'asc' as const },
    skip: (query.page - 1) * query.perPage,
    take: query.perPage,
  };
  const [total, rows] =
    query.kind === 'organization'
      ? await Promise.all([prisma.organizationType.count({ where }), prisma.organizationType.findMany(args)])
      : await Promise.all([prisma.memberType.count({ where }), prisma.memberType.findMany(args)]);
  return {
    items: rows.map((r) => ({
      ...toTypeRef(r),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    meta: listMeta(query.page, query.perPage, total),
  };
}

import {
  type AdminOrganizationListItem,
  type AdminOrganizationListQuerySchema,
  BASIC_PLAN_ID,
  type CreateOrganizationSchema,
  type ListMeta,
  MEMBER_PREVIEW_COUNT,
  MEMBER_TYPE_MEMBER,
  MEMBER_TYPE_OWNER,
  ORGANIZATION_NOT_FOUND,
  type Organization as OrganizationDto,
  type OrganizationListItem,
  type UpdateOrganizationSchema,
  USER_NOT_FOUND,
} from '@cabinet/contracts';
import type { z } from 'zod';
import { type Prisma as PrismaNamespace, Prisma as PrismaRuntime } from '../../generated/prisma/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import type { Prisma } from '../../plugins/db/database';
import { assertOwnImage } from '../files/files.service';
import { effectivePlanId } from '../plans/plans.mapper';
import { type Actor, requireManage, requireRead } from './organizations.access';
import {
  avatarUrl,
  likeLiteral,
  listMeta,
  memberInclude,
  memberOrder,
  organizationFields,
  toMemberDto,
  toTypeRef,
} from './organizations.mapper';
import { membersLimitError, organizationsLimitError, planInForce } from './plan-limits';

/** The caller's list takes the same query less user_id (its schema refuses it). */
type ListQuery = z.output<typeof AdminOrganizationListQuerySchema>;
type CreateBody = z.output<typeof CreateOrganizationSchema>;
type UpdateBody = z.output<typeof UpdateOrganizationSchema>;

const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

export const isUniqueViolation = (error: unknown) =>
  error instanceof PrismaRuntime.PrismaClientKnownRequestError && error.code === 'P2002';

// ---- Lists ----

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

const listInclude = {
  type: true,
  avatar: true,
  owner: { select: { id: true, name: true, email: true, planId: true, planExpiresAt: true } },
  _count: { select: { members: true } },
} as const;

/**
 * The caller's organizations (owned or active member), or all of them for the admin list. A fixed
 * number of queries whatever perPage: count, page, the first members of the page's organizations (one
 * window query), their rows, and the owners' plans.
 */
const ownedOrActive = (userId: number): PrismaNamespace.OrganizationWhereInput => ({
  OR: [{ ownerId: userId }, { members: { some: { userId, status: 'active' } } }],
});

export async function listOrganizations(
  prisma: Prisma,
  actor: Actor,
  query: ListQuery,
  publicUrl: string,
  scope: 'mine' | 'all',
): Promise<{ data: AdminOrganizationListItem[]; meta: ListMeta }> {
  const where: PrismaNamespace.OrganizationWhereInput = {
    ...(scope === 'mine' ? ownedOrActive(actor.userId) : {}),
    ...(scope === 'all' && query.user_id ? ownedOrActive(query.user_id) : {}),
    ...(query.search ? { name: { contains: likeLiteral(query.search), mode: 'insensitive' } } : {}),
  };
  const [total, organizations] = await Promise.all([
    prisma.organization.count({ where }),
    prisma.organization.findMany({
      where,
      include: listInclude,
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
  const data = organizations.map((o): AdminOrganizationListItem => {
    const max = maxMembers.get(effectivePlanId(o.owner)) ?? 0;
    const item: OrganizationListItem = {
      ...organizationFields(o, actor.userId, o._count.members, max, publicUrl),
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
  return { data, meta: listMeta(query.page, query.perPage, total) };
}

// ---- One organization ----

/** The organization with every member (owner first); the caller must be allowed to read it. */
export async function getOrganization(
  prisma: Prisma,
  actor: Actor,
  organizationId: number,
  publicUrl: string,
): Promise<OrganizationDto> {
  await requireRead(prisma, organizationId, actor);
  return loadOrganization(prisma, actor, organizationId, publicUrl);
}

async function loadOrganization(
  prisma: Prisma,
  actor: Actor,
  organizationId: number,
  publicUrl: string,
): Promise<OrganizationDto> {
  const o = await prisma.organization.findUnique({
    where: { id: organizationId },
    include: { type: true, avatar: true, members: { include: memberInclude, orderBy: memberOrder } },
  });
  if (!o) throw notFound(ORGANIZATION_NOT_FOUND);
  const plan = await planInForce(prisma, o.ownerId);
  return {
    ...organizationFields(o, actor.userId, o.members.length, plan.maxMembers, publicUrl),
    members: o.members.map((m) => toMemberDto(m, publicUrl)),
  };
}

// ---- Create, update, delete ----

async function assertOrganizationType(prisma: Prisma, typeId: number) {
  const type = await prisma.organizationType.findUnique({ where: { id: typeId }, select: { id: true } });
  if (!type) throw badRequest('Тип организации не найден', { type: ['Тип организации не найден'] });
}

const IMAGE_IN_USE = 'Это изображение уже используется как аватар';

/**
 * Creates the organization and its owner member in one transaction. The owner is the caller, or, when an
 * admin passes members, the first of them. The owner's row is locked first, so two creations at once
 * cannot both pass the max_organizations check.
 */
export async function createOrganization(
  prisma: Prisma,
  actor: Actor,
  body: CreateBody,
  publicUrl: string,
): Promise<OrganizationDto> {
  if (body.members && !actor.isAdmin) throw forbidden('Указывать участников может только администратор');
  await assertOrganizationType(prisma, body.type);
  if (body.image_id != null) await assertOwnImage(prisma, actor.userId, body.image_id);
  const memberIds = body.members?.map((m) => m.id) ?? [actor.userId];
  if (new Set(memberIds).size !== memberIds.length) {
    throw badRequest('Пользователь указан в списке участников дважды', {
      members: ['Повторяющиеся участники'],
    });
  }
  if (body.members) {
    const found = await prisma.user.count({ where: { id: { in: memberIds } } });
    if (found !== memberIds.length) throw notFound(USER_NOT_FOUND);
  }
  const ownerId = memberIds[0] ?? actor.userId;

  let organizationId: number;
  try {
    organizationId = await prisma.$transaction(async (tx) => {
      const owner = await tx.$queryRaw<
        { id: number }[]
      >`SELECT id FROM users WHERE id = ${ownerId} FOR UPDATE`;
      if (owner.length === 0) throw notFound(USER_NOT_FOUND);
      const plan = await planInForce(tx, ownerId);
      const owned = await tx.organization.count({ where: { ownerId } });
      if (owned >= plan.maxOrganizations) throw await organizationsLimitError(tx, plan);
      if (memberIds.length > plan.maxMembers) {
        throw await membersLimitError(tx, plan);
      }
      const created = await tx.organization.create({
        data: {
          name: body.name,
          typeId: body.type,
          ownerId,
          avatarFileId: body.image_id ?? null,
          members: {
            create: memberIds.map((userId, index) => ({
              userId,
              typeId: index === 0 ? MEMBER_TYPE_OWNER : MEMBER_TYPE_MEMBER,
              status: 'active' as const,
            })),
          },
        },
        select: { id: true },
      });
      return created.id;
    }, TX_OPTIONS);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(IMAGE_IN_USE);
    throw error;
  }
  return loadOrganization(prisma, actor, organizationId, publicUrl);
}

export async function updateOrganization(
  prisma: Prisma,
  actor: Actor,
  organizationId: number,
  body: UpdateBody,
) {
  await requireManage(prisma, organizationId, actor);
  await assertOrganizationType(prisma, body.type);
  if (body.image_id != null) await assertOwnImage(prisma, actor.userId, body.image_id);
  try {
    const { count } = await prisma.organization.updateMany({
      where: { id: organizationId },
      data: {
        name: body.name,
        typeId: body.type,
        ...(body.image_id !== undefined ? { avatarFileId: body.image_id } : {}),
      },
    });
    if (count === 0) throw notFound(ORGANIZATION_NOT_FOUND);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(IMAGE_IN_USE);
    throw error;
  }
}

/** Members go with it (cascade); the avatar file stays its uploader's. */
export async function deleteOrganization(prisma: Prisma, actor: Actor, organizationId: number) {
  await requireManage(prisma, organizationId, actor);
  await prisma.organization.deleteMany({ where: { id: organizationId } });
}

// ---- Reference lists ----

export async function listTypes(
  prisma: Prisma,
  kind: 'organization' | 'member',
  query: { page: number; perPage: number; name?: string | undefined },
) {
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
    kind === 'organization'
      ? await Promise.all([prisma.organizationType.count({ where }), prisma.organizationType.findMany(args)])
      : await Promise.all([prisma.memberType.count({ where }), prisma.memberType.findMany(args)]);
  return {
    data: rows.map((r) => ({
      ...toTypeRef(r),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    meta: listMeta(query.page, query.perPage, total),
  };
}

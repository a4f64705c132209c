import {
  BASIC_PLAN_ID,
  PLAN_NOT_FOUND,
  type PlanCreateRequestSchema,
  type Plan as PlanDto,
  type PlanListQuerySchema,
  type PlanSortField,
  type PlanUpdateRequestSchema,
} from '@cabinet/contracts';
import type { z } from 'zod';
import type { Plan as PlanRow, Prisma as PrismaNamespace } from '../../generated/prisma/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { transaction } from '../../plugins/db/database';
import { toPlanDto } from './plans.mapper';

const NAME_TAKEN = 'Тариф с таким названием уже существует';

type PlanListQuery = z.output<typeof PlanListQuerySchema>;
type PlanCreateData = z.output<typeof PlanCreateRequestSchema>;
type PlanUpdateData = z.output<typeof PlanUpdateRequestSchema>;

const SORT_COLUMNS: Record<PlanSortField, keyof PrismaNamespace.PlanOrderByWithRelationInput> = {
  id: 'id',
  name: 'name',
  description: 'description',
  price_year: 'priceYear',
  price_month: 'priceMonth',
  max_organizations: 'maxOrganizations',
  max_members: 'maxMembers',
  support_type_id: 'supportTypeId',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};

const range = <T>(min: T | undefined, max: T | undefined) =>
  min === undefined && max === undefined
    ? undefined
    : { ...(min !== undefined ? { gte: min } : {}), ...(max !== undefined ? { lte: max } : {}) };

/** Column, lower bound, upper bound: each `_min`/`_from` and `_max`/`_to` pair of the list query. */
const RANGE_FILTERS = [
  ['priceMonth', 'price_month_min', 'price_month_max'],
  ['priceYear', 'price_year_min', 'price_year_max'],
  ['maxMembers', 'max_members_min', 'max_members_max'],
  ['maxOrganizations', 'max_organizations_min', 'max_organizations_max'],
  ['createdAt', 'created_at_from', 'created_at_to'],
  ['updatedAt', 'updated_at_from', 'updated_at_to'],
] as const;

function planWhere(query: PlanListQuery): PrismaNamespace.PlanWhereInput {
  const where: PrismaNamespace.PlanWhereInput = {};
  if (query.id !== undefined) where.id = query.id;
  // ILIKE '%…%': backed by the trigram index on plans.name (docs/decisions/0020-plan-list-query.md).
  if (query.name) where.name = { contains: query.name, mode: 'insensitive' };
  if (query.description) where.description = { contains: query.description, mode: 'insensitive' };
  if (query.support_type_id !== undefined) where.supportTypeId = query.support_type_id;
  for (const [column, min, max] of RANGE_FILTERS) {
    const bounds = range(query[min], query[max]);
    if (bounds) Object.assign(where, { [column]: bounds });
  }
  return where;
}

/** The plans list: two queries (page and count) whatever the page size. */
export async function listPlans(ctx: SignedInContext, query: PlanListQuery): Promise<Page<PlanDto>> {
  const { prisma } = ctx;
  const where = planWhere(query);
  const column = SORT_COLUMNS[query.sort_by];
  // id breaks ties so that pages never overlap or skip a row.
  const orderBy: PrismaNamespace.PlanOrderByWithRelationInput[] =
    column === 'id' ? [{ id: query.order }] : [{ [column]: query.order }, { id: query.order }];
  const [plans, total] = await Promise.all([
    prisma.plan.findMany({
      where,
      orderBy,
      skip: (query.page - 1) * query.perPage,
      take: query.perPage,
    }),
    prisma.plan.count({ where }),
  ]);
  return { items: plans.map(toPlanDto), meta: listMeta(query.page, query.perPage, total) };
}

export async function getPlan(ctx: SignedInContext, { id }: { id: number }): Promise<PlanDto> {
  const plan = await ctx.prisma.plan.findUnique({ where: { id } });
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  return toPlanDto(plan);
}

/** The unique index is case-sensitive; 'Про' and 'про' would confuse people, so we look first. */
async function assertNameFree({ prisma }: SignedInContext, name: string, exceptId?: number) {
  const taken = await prisma.plan.findFirst({
    where: { name: { equals: name, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw conflict(NAME_TAKEN);
}

/** 'Базовый' is the plan everyone falls back to: it stays free (docs/decisions/0021-plan-deletion.md). */
function assertBasicStaysFree(id: number, body: { price_month: string; price_year: string }) {
  if (id === BASIC_PLAN_ID && (Number(body.price_month) !== 0 || Number(body.price_year) !== 0)) {
    throw badRequest('Базовый тариф всегда бесплатный: его цена должна быть 0');
  }
}

/** A plan's terms as its audit events show them (the description is left out: long and not a term). */
const auditFields = (plan: PlanRow) => ({
  name: plan.name,
  price_month: plan.priceMonth.toFixed(2),
  price_year: plan.priceYear.toFixed(2),
  max_members: plan.maxMembers,
  max_organizations: plan.maxOrganizations,
});

/** The columns a create or an update writes; an update without a description keeps the stored one. */
function planColumns(body: PlanUpdateData) {
  return {
    name: body.name,
    ...(body.description !== undefined ? { description: body.description } : {}),
    priceMonth: body.price_month,
    priceYear: body.price_year,
    maxMembers: body.max_members,
    maxOrganizations: body.max_organizations,
    supportTypeId: body.support_type_id,
  };
}

export async function createPlan(ctx: SignedInContext, body: PlanCreateData): Promise<PlanDto> {
  await assertNameFree(ctx, body.name);
  const plan = await mapPrismaErrors(
    () =>
      transaction(ctx.prisma, async (tx) => {
        const created = await tx.plan.create({
          data: { ...planColumns(body), description: body.description },
        });
        await recordAudit(tx, ctx, {
          action: 'plan.created',
          targetId: created.id,
          details: auditFields(created),
        });
        return created;
      }),
    { unique: conflict(NAME_TAKEN) },
  );
  return toPlanDto(plan);
}

export async function updatePlan(
  ctx: SignedInContext,
  { id, ...body }: PlanUpdateData & { id: number },
): Promise<PlanDto> {
  assertBasicStaysFree(id, body);
  const exists = await ctx.prisma.plan.findUnique({ where: { id }, select: { id: true } });
  if (!exists) throw notFound(PLAN_NOT_FOUND);
  await assertNameFree(ctx, body.name, id);
  const plan = await mapPrismaErrors(
    () =>
      transaction(ctx.prisma, async (tx) => {
        const before = await tx.plan.findUniqueOrThrow({ where: { id } });
        const updated = await tx.plan.update({ where: { id }, data: planColumns(body) });
        const changes = changedFields(auditFields(before), auditFields(updated));
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, ctx, { action: 'plan.updated', targetId: id, details: changes });
        }
        return updated;
      }),
    { unique: conflict(NAME_TAKEN), notFound: notFound(PLAN_NOT_FOUND) },
  );
  return toPlanDto(plan);
}

const pluralRules = new Intl.PluralRules('ru-RU');
/** 'у 1 пользователя', 'у 2 пользователей', 'у 5 пользователей', 'у 21 пользователя'. */
export const usersGenitive = (n: number) =>
  `${n} ${pluralRules.select(n) === 'one' ? 'пользователя' : 'пользователей'}`;
/** '1 оплаченный заказ', '2 оплаченных заказа', '5 оплаченных заказов'. */
export const paidOrders = (n: number) => {
  const form = pluralRules.select(n);
  if (form === 'one') return `${n} оплаченный заказ`;
  if (form === 'few') return `${n} оплаченных заказа`;
  return `${n} оплаченных заказов`;
};

/** A checkout younger than this may still be paid at the provider: it blocks deletion. */
export const PENDING_ORDER_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes a plan nobody holds and nobody paid for (docs/decisions/0021-plan-deletion.md). Users whose
 * term of it has lapsed are moved to 'Базовый'; abandoned checkouts (pending for over a day) go with it.
 * The plan row is locked first, so a concurrent checkout or payment waits and then finds no plan.
 */
export async function deletePlan(ctx: SignedInContext, { id }: { id: number }): Promise<void> {
  const { prisma, now } = ctx;
  if (id === BASIC_PLAN_ID) {
    throw conflict(
      'Тариф «Базовый» нельзя удалить: на него переходят пользователи, у которых закончился тариф',
    );
  }
  await mapPrismaErrors(
    () =>
      transaction(prisma, async (tx) => {
        const locked = await tx.$queryRaw<
          { id: number; name: string }[]
        >`SELECT id, name FROM plans WHERE id = ${id} FOR UPDATE`;
        if (locked.length === 0) throw notFound(PLAN_NOT_FOUND);
        const activeHolders = await tx.user.count({
          where: { planId: id, OR: [{ planExpiresAt: null }, { planExpiresAt: { gt: now } }] },
        });
        if (activeHolders > 0) {
          throw conflict(`Тариф нельзя удалить: он подключён у ${usersGenitive(activeHolders)}`);
        }
        const [paid, recentPending] = await Promise.all([
          tx.paymentOrder.count({ where: { planId: id, status: 'paid' } }),
          tx.paymentOrder.count({
            where: {
              planId: id,
              status: 'pending',
              createdAt: { gt: new Date(now.getTime() - PENDING_ORDER_GRACE_MS) },
            },
          }),
        ]);
        if (paid > 0) {
          throw conflict(
            `Тариф нельзя удалить: по нему есть ${paidOrders(paid)}, они остаются в истории платежей. ` +
              'Переименуйте тариф или измените его условия',
          );
        }
        if (recentPending > 0) {
          throw conflict('Тариф нельзя удалить: его оплачивают прямо сейчас. Попробуйте через сутки');
        }
        await tx.user.updateMany({
          where: { planId: id },
          data: { planId: BASIC_PLAN_ID, planExpiresAt: null },
        });
        await tx.paymentOrder.deleteMany({ where: { planId: id, status: 'pending' } });
        await tx.plan.delete({ where: { id } });
        await recordAudit(tx, ctx, {
          action: 'plan.deleted',
          targetId: id,
          details: { name: locked[0]?.name },
        });
      }),
    // A row that appeared between the checks and the delete (should not happen under the lock).
    { foreignKey: conflict('Тариф нельзя удалить: он используется, попробуйте ещё раз') },
  );
}

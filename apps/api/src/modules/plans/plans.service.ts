import {
  BASIC_PLAN_ID,
  PLAN_NOT_FOUND,
  type PlanCreateRequestSchema,
  type Plan as PlanDto,
  type PlanListQuerySchema,
  type PlanUpdateRequestSchema,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { z } from 'zod';
import type { Plan as PlanRow } from '../../generated/prisma/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { type JsonPage, listMeta } from '../../lib/envelope';
import { tr, trId } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { transaction } from '../../plugins/db/database';
import { toPlanDto } from './plans.mapper';
import { selectPlanPage } from './plans.queries';

const NAME_TAKEN = trId('Тариф с таким названием уже существует');
/** On the name field, so the form shows it there (issue 16). */
const nameTaken = () => conflict(tr(NAME_TAKEN), { name: [tr(NAME_TAKEN)] });

type PlanListQuery = z.output<typeof PlanListQuerySchema>;
type PlanCreateData = z.output<typeof PlanCreateRequestSchema>;
type PlanUpdateData = z.output<typeof PlanUpdateRequestSchema>;

/** The plans list: one statement whatever the page size (plans.queries.ts). */
export async function listPlans(ctx: SignedInContext, query: PlanListQuery): Promise<JsonPage<PlanDto>> {
  const { total, items } = await selectPlanPage(ctx.pool, query);
  return { items, meta: listMeta(query.page, query.perPage, total) };
}

export async function getPlan(ctx: SignedInContext, { id }: { id: number }): Promise<PlanDto> {
  const plan = await ctx.prisma.plan.findUnique({ where: { id } });
  if (!plan) throw notFound(text(PLAN_NOT_FOUND));
  return toPlanDto(plan);
}

/** The unique index is case-sensitive; 'Про' and 'про' would confuse people, so we look first. */
async function assertNameFree({ prisma }: SignedInContext, name: string, exceptId?: number) {
  const taken = await prisma.plan.findFirst({
    where: { name: { equals: name, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw nameTaken();
}

/** 'Базовый' is the plan everyone falls back to: it stays free (docs/decisions/0021-plan-deletion.md). */
function assertBasicStaysFree(id: number, body: { price_month: string; price_year: string }) {
  if (id === BASIC_PLAN_ID && (Number(body.price_month) !== 0 || Number(body.price_year) !== 0)) {
    throw badRequest(tr('Базовый тариф всегда бесплатный: его цена должна быть 0'));
  }
}

/** A plan's terms as its audit events show them (the description is left out: long and not a term). */
const auditFields = (plan: PlanRow) => ({
  name: plan.name,
  price_month: plan.priceMonth.toFixed(2),
  price_year: plan.priceYear.toFixed(2),
  max_members: plan.maxMembers,
  max_organizations: plan.maxOrganizations,
  sso: plan.sso,
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
    // Left out of an update: the stored value stays (decision 0270).
    ...(body.sso !== undefined ? { sso: body.sso } : {}),
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
    { unique: nameTaken() },
  );
  return toPlanDto(plan);
}

export async function updatePlan(
  ctx: SignedInContext,
  { id, ...body }: PlanUpdateData & { id: number },
): Promise<PlanDto> {
  assertBasicStaysFree(id, body);
  const exists = await ctx.prisma.plan.findUnique({ where: { id }, select: { id: true } });
  if (!exists) throw notFound(text(PLAN_NOT_FOUND));
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
    { unique: nameTaken(), notFound: notFound(text(PLAN_NOT_FOUND)) },
  );
  return toPlanDto(plan);
}

import {
  SCIM_LIST_SCHEMA,
  SCIM_PAGE_MAX,
  type ScimUser,
  type ScimUserInput,
  type ScimUserList,
  USER_NOT_FOUND,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { recordAudit } from '../../lib/audit';
import { tr } from '../../lib/i18n';
import { ScimError } from '../../lib/scim-error';
import { transaction } from '../../plugins/db/database';
import { inVerifiedDomain } from '../sso/enforcement';
import { scimFilterWhere } from './scim-filter';
import { deprovisionMember, provisionMember, type ScimContext } from './scim-membership';
import { applyScimPatch, type PatchOperation } from './scim-patch';
import {
  nameFromInput,
  type ScimMemberRow,
  scimMemberSelect,
  toScimUser,
  userIdOf,
} from './scim-user.mapper';

// SCIM's Users (issue 30, decision 0288): the organization's active members, and only them. Someone who is not
// a member is simply not found, whatever account the address has elsewhere; join requests are not members.

const visible = (ctx: ScimContext) => ({ organizationId: ctx.organizationId, status: 'active' as const });

const answer = (ctx: ScimContext, row: ScimMemberRow, active = true) =>
  toScimUser(row, ctx.config.PUBLIC_URL, active);

async function findMember(ctx: ScimContext, id: string): Promise<ScimMemberRow> {
  const userId = userIdOf(id);
  const row = await ctx.prisma.member.findFirst({
    where: { ...visible(ctx), userId },
    select: scimMemberSelect,
  });
  if (!row) throw new ScimError(404, text(USER_NOT_FOUND));
  return row;
}

/**
 * GET /Users: members by join order. startIndex counts from 1 (less is 1); count is at most 100 (less than 0
 * is 0, which answers the total alone), as RFC 7644 §3.4.2.4 says.
 */
export async function listScimUsers(
  ctx: ScimContext,
  query: { filter?: string | undefined; startIndex?: number | undefined; count?: number | undefined },
): Promise<ScimUserList> {
  const where = { ...visible(ctx), ...scimFilterWhere(query.filter) };
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(SCIM_PAGE_MAX, Math.max(0, query.count ?? SCIM_PAGE_MAX));
  const [total, rows] = await Promise.all([
    ctx.prisma.member.count({ where }),
    count === 0
      ? Promise.resolve([])
      : ctx.prisma.member.findMany({
          where,
          select: scimMemberSelect,
          orderBy: { id: 'asc' },
          skip: startIndex - 1,
          take: count,
        }),
  ]);
  return {
    schemas: [SCIM_LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((row) => answer(ctx, row)),
  };
}

export const getScimUser = async (ctx: ScimContext, { id }: { id: string }): Promise<ScimUser> =>
  answer(ctx, await findMember(ctx, id));

/** POST /Users (201). active: false on creation is refused: a member here is always active. */
export async function createScimUser(ctx: ScimContext, body: ScimUserInput): Promise<ScimUser> {
  if (body.active === false) {
    throw new ScimError(
      400,
      tr('active: false при создании не поддерживается: участник организации всегда активен'),
      'invalidValue',
    );
  }
  const row = await provisionMember(ctx, { email: body.userName, name: nameFromInput(body) });
  return answer(ctx, row);
}

/**
 * A new name from the directory. Only for an account of the organization's verified domains: the
 * organization speaks for those addresses alone (issue 30), so another member's name is theirs to keep.
 */
async function rename(ctx: ScimContext, row: ScimMemberRow, name: string | null): Promise<ScimMemberRow> {
  if (name === null || name === row.user.name) return row;
  if (!(await inVerifiedDomain(ctx.prisma, ctx.organizationId, row.user.email))) {
    throw new ScimError(
      400,
      tr('Имя можно изменить только у аккаунтов подтверждённых доменов организации'),
      'mutability',
    );
  }
  await transaction(ctx.prisma, async (tx) => {
    await tx.user.update({ where: { id: row.user.id }, data: { name } });
    await recordAudit(tx, ctx, {
      action: 'profile.updated',
      targetId: row.user.id,
      organizationId: ctx.organizationId,
      details: { name: { from: row.user.name, to: name }, via: 'scim' },
    });
  });
  const updated = await ctx.prisma.member.findFirst({
    where: { ...visible(ctx), userId: row.user.id },
    select: scimMemberSelect,
  });
  if (!updated) throw new ScimError(404, text(USER_NOT_FOUND));
  return updated;
}

/** userName is the account's e-mail and the key a provider matches by: it never changes here (immutable). */
function keepUserName(row: ScimMemberRow, userName: string) {
  if (userName.toLowerCase() !== row.user.email) {
    throw new ScimError(400, tr('userName (эл. почта) через SCIM не меняется'), 'mutability');
  }
}

/** The member after a change: active false ends the membership, and the answer says active: false once. */
async function settle(ctx: ScimContext, row: ScimMemberRow, name: string | null, active: boolean) {
  if (!active) {
    await deprovisionMember(ctx, row);
    return answer(ctx, row, false);
  }
  return answer(ctx, await rename(ctx, row, name));
}

/** PUT /Users/{id}: attributes we do not keep are ignored; a missing `active` leaves the member as is. */
export async function replaceScimUser(
  ctx: ScimContext,
  { id, body }: { id: string; body: ScimUserInput },
): Promise<ScimUser> {
  const row = await findMember(ctx, id);
  keepUserName(row, body.userName);
  return settle(ctx, row, nameFromInput(body), body.active ?? true);
}

/** PATCH /Users/{id}: PatchOp on active and the name attributes (with or without path). */
export async function patchScimUser(
  ctx: ScimContext,
  { id, schemas, operations }: { id: string; schemas: string[] | undefined; operations: PatchOperation[] },
): Promise<ScimUser> {
  const row = await findMember(ctx, id);
  const outcome = applyScimPatch(answer(ctx, row), schemas, operations);
  keepUserName(row, outcome.userName);
  return settle(ctx, row, outcome.name, outcome.active);
}

/** DELETE /Users/{id} (204). */
export async function deleteScimUser(ctx: ScimContext, { id }: { id: string }): Promise<void> {
  await deprovisionMember(ctx, await findMember(ctx, id));
}

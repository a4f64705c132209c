import {
  type CreateOrganizationSchema,
  MEMBER_TYPE_MEMBER,
  MEMBER_TYPE_OWNER,
  ORGANIZATION_NOT_FOUND,
  type Organization as OrganizationDto,
  type UpdateOrganizationSchema,
  USER_NOT_FOUND,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import type { JsonText } from '../../lib/sql';
import { transaction } from '../../plugins/db/database';
import { assertOwnImage } from '../files/files.service';
import { queueMemberAddedMails } from './member-added.mail';
import { mayRead, requireManage, requireOwnership } from './organizations.access';
import { selectOrganization } from './organizations.queries';
import { membersLimitError, organizationsLimitError, planInForce } from './plan-limits';

// One organization: read, create, update, delete (docs/authorization/organizations.md).

/**
 * The organization with every member (owner first); the caller must be allowed to read it. One statement
 * reads the organization and the caller's membership together (decision 0114).
 */
export async function getOrganization(
  ctx: SignedInContext,
  { id }: { id: number },
): Promise<JsonText<OrganizationDto>> {
  const row = await selectOrganization(ctx, id);
  if (!row || !mayRead(ctx, row.viewerStatus)) throw notFound(text(ORGANIZATION_NOT_FOUND));
  return row.organization;
}

async function loadOrganization(ctx: SignedInContext, organizationId: number): Promise<OrganizationDto> {
  const row = await selectOrganization(ctx, organizationId);
  if (!row) throw notFound(text(ORGANIZATION_NOT_FOUND));
  return row.organization.parse();
}

async function assertOrganizationType(ctx: SignedInContext, typeId: number) {
  const type = await ctx.prisma.organizationType.findUnique({ where: { id: typeId }, select: { id: true } });
  if (!type) throw badRequest(tr('Тип организации не найден'), { type: [tr('Тип организации не найден')] });
}

const IMAGE_IN_USE = trId('Это изображение уже используется как аватар');

/**
 * Creates the organization and its owner member in one transaction. The owner is the caller, or, when an
 * admin passes members, the first of them. The owner's row is locked first, so two creations at once
 * cannot both pass the max_organizations check.
 */
export async function createOrganization(
  ctx: SignedInContext,
  body: z.output<typeof CreateOrganizationSchema>,
): Promise<OrganizationDto> {
  const { actor, prisma } = ctx;
  if (body.members && !actor.isAdmin) throw forbidden(tr('Указывать участников может только администратор'));
  await assertOrganizationType(ctx, body.type);
  if (body.image_id != null) await assertOwnImage(prisma, actor.userId, body.image_id);
  const memberIds = body.members?.map((m) => m.id) ?? [actor.userId];
  if (new Set(memberIds).size !== memberIds.length) {
    throw badRequest(tr('Пользователь указан в списке участников дважды'), {
      members: [tr('Повторяющиеся участники')],
    });
  }
  if (body.members) {
    const found = await prisma.user.count({ where: { id: { in: memberIds } } });
    if (found !== memberIds.length) throw notFound(text(USER_NOT_FOUND));
  }
  const ownerId = memberIds[0] ?? actor.userId;

  const organizationId = await mapPrismaErrors(
    () =>
      transaction(prisma, async (tx) => {
        const owner = await tx.$queryRaw<
          { id: number }[]
        >`SELECT id FROM users WHERE id = ${ownerId} FOR UPDATE`;
        if (owner.length === 0) throw notFound(text(USER_NOT_FOUND));
        const plan = await planInForce(tx, ownerId, ctx);
        const owned = await tx.organization.count({ where: { ownerId } });
        if (owned >= plan.maxOrganizations) throw await organizationsLimitError(tx, plan);
        if (memberIds.length > plan.maxMembers) throw await membersLimitError(tx, plan);
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
        await recordAudit(tx, ctx, {
          action: 'organization.created',
          targetId: created.id,
          organizationId: created.id,
          details: { name: body.name, type: body.type, owner_id: ownerId, members: memberIds.length },
        });
        // An admin put these people in directly: each hears it (decision 0190).
        if (body.members) {
          const others = memberIds.filter((id) => id !== actor.userId);
          await queueMemberAddedMails(tx, ctx, created.id, others);
        }
        return created.id;
      }),
    { unique: conflict(tr(IMAGE_IN_USE)) },
  );
  if (body.members) void ctx.outbox.flush();
  return loadOrganization(ctx, organizationId);
}

export async function updateOrganization(
  ctx: SignedInContext,
  { id, ...body }: z.output<typeof UpdateOrganizationSchema> & { id: number },
): Promise<void> {
  await requireManage(ctx, id);
  await assertOrganizationType(ctx, body.type);
  if (body.image_id != null) await assertOwnImage(ctx.prisma, ctx.actor.userId, body.image_id);
  const { count } = await mapPrismaErrors(
    () =>
      transaction(ctx.prisma, async (tx) => {
        const before = await tx.organization.findUnique({
          where: { id },
          select: { name: true, typeId: true, avatarFileId: true },
        });
        const updated = await tx.organization.updateMany({
          where: { id },
          data: {
            name: body.name,
            typeId: body.type,
            ...(body.image_id !== undefined ? { avatarFileId: body.image_id } : {}),
          },
        });
        const changes =
          before &&
          changedFields(
            { name: before.name, type: before.typeId, avatar_file_id: before.avatarFileId },
            { name: body.name, type: body.type, avatar_file_id: body.image_id },
          );
        if (updated.count > 0 && changes && Object.keys(changes).length > 0) {
          await recordAudit(tx, ctx, {
            action: 'organization.updated',
            targetId: id,
            organizationId: id,
            details: changes,
          });
        }
        return updated;
      }),
    { unique: conflict(tr(IMAGE_IN_USE)) },
  );
  if (count === 0) throw notFound(text(ORGANIZATION_NOT_FOUND));
}

/**
 * Members, invitations and offers go with it (cascade); the avatar file stays its uploader's. The owner and
 * site admins only: organization admins may not (decision 0132).
 */
export async function deleteOrganization(ctx: SignedInContext, { id }: { id: number }): Promise<void> {
  await requireOwnership(ctx, id);
  await transaction(ctx.prisma, async (tx) => {
    const gone = await tx.organization.findUnique({ where: { id }, select: { name: true } });
    const { count } = await tx.organization.deleteMany({ where: { id } });
    if (count > 0) {
      await recordAudit(tx, ctx, {
        action: 'organization.deleted',
        targetId: id,
        organizationId: id,
        details: { name: gone?.name ?? null },
      });
    }
  });
}

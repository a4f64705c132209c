import {
  type IncomingTransfer,
  MEMBER_TYPE_ADMIN,
  MEMBER_TYPE_OWNER,
  ORGANIZATION_NOT_FOUND,
  TRANSFER_NOT_FOUND,
  TRANSFER_TTL_DAYS,
  type Transfer,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { OwnershipTransfer } from '../../generated/prisma/client';
import { conflict, forbidden, gone, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { type JsonPage, listMeta } from '../../lib/envelope';
import { tr, trId } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { type Db, type Tx, transaction } from '../../plugins/db/database';
import { requireOwnership, requireRead } from '../organizations/organizations.access';
import { openTransferWhere, toTransferDto } from '../organizations/organizations.mapper';
import {
  lockOrganization,
  membersLimitError,
  organizationsLimitError,
  planInForce,
  seatsTaken,
} from '../organizations/plan-limits';
import { sendTransferOfferMail } from './transfers.mail';
import { selectMyTransfers } from './transfers.queries';

// Two-step ownership transfer (docs/decisions/0133-ownership-transfer.md): the owner (or a site admin)
// offers, the member accepts or declines, the owner cancels; an offer lives 7 days.

const ALREADY_OFFERED = trId(
  'Передача организации уже предложена. Отмените это предложение, чтобы сделать новое',
);
const MEMBER_NOT_FOUND = trId('Участник не найден');

/** The organization's open offer, or null (a pending one past its end is not open). */
const findOpenTransfer = (db: Db, organizationId: number, now: Date) =>
  db.ownershipTransfer.findFirst({ where: { organizationId, ...openTransferWhere(now) } });

type TransferStep = 'transfer.requested' | 'transfer.cancelled' | 'transfer.accepted' | 'transfer.declined';

/**
 * One step of an offer in the audit log, in the step's transaction: who offered and to whom, the offered
 * member's name and e-mail kept so the log reads after their account is gone (decision 0136).
 */
async function recordTransferStep(
  tx: Tx,
  ctx: SignedInContext,
  action: TransferStep,
  offer: { id: number; organizationId: number; fromUserId: number; toUserId: number },
) {
  const to = await tx.user.findUnique({ where: { id: offer.toUserId }, select: { name: true, email: true } });
  await recordAudit(tx, ctx, {
    action,
    targetId: offer.id,
    organizationId: offer.organizationId,
    details: {
      from_user_id: offer.fromUserId,
      to_user_id: offer.toUserId,
      to_name: to?.name ?? null,
      to_email: to?.email ?? null,
    },
  });
}

/** Why an offer cannot be answered any more, after a conditional update found it changed. */
async function closedOffer(db: Db, id: number, now: Date) {
  const row = await db.ownershipTransfer.findUnique({ where: { id } });
  if (!row) return notFound(text(TRANSFER_NOT_FOUND));
  const status = toTransferDto(row, now).status;
  if (status === 'expired') return gone(tr('Срок предложения истёк'));
  if (status === 'cancelled') return gone(tr('Владелец отменил предложение'));
  if (status === 'accepted') return conflict(tr('Предложение уже принято'));
  if (status === 'declined') return conflict(tr('Предложение уже отклонено'));
  return conflict(tr('Предложение только что изменилось, обновите страницу'));
}

/**
 * POST /organizations/{id}/transfer {user_id}: offers the organization to an active member other than the
 * owner and mails them. One open offer per organization: under the organization's lock, backed by a partial
 * unique index; an offer past its end is closed as expired first.
 */
export async function offerTransfer(
  ctx: SignedInContext,
  { organizationId, userId }: { organizationId: number; userId: number },
): Promise<{ transfer: Transfer; mailed: boolean }> {
  const { now } = ctx;
  await requireOwnership(ctx, organizationId);
  const offer = await mapPrismaErrors(
    () =>
      transaction(ctx.prisma, async (tx) => {
        const organization = await lockOrganization(tx, organizationId);
        if (!organization) throw notFound(text(ORGANIZATION_NOT_FOUND));
        if (userId === organization.ownerId) throw conflict(tr('Этот пользователь уже владелец организации'));
        const target = await tx.member.findUnique({
          where: { organizationId_userId: { organizationId, userId } },
          select: { status: true },
        });
        if (!target) throw notFound(tr(MEMBER_NOT_FOUND));
        if (target.status !== 'active')
          throw conflict(tr('Передать организацию можно только активному участнику'));
        await tx.ownershipTransfer.updateMany({
          where: { organizationId, status: 'pending', expiresAt: { lte: now } },
          data: { status: 'expired', closedAt: now },
        });
        if (await tx.ownershipTransfer.findFirst({ where: { organizationId, status: 'pending' } }))
          throw conflict(tr(ALREADY_OFFERED));
        const created = await tx.ownershipTransfer.create({
          data: {
            organizationId,
            fromUserId: organization.ownerId,
            toUserId: userId,
            expiresAt: new Date(now.getTime() + TRANSFER_TTL_DAYS * 24 * 3600 * 1000),
          },
          include: {
            organization: { select: { id: true, name: true } },
            fromUser: { select: { name: true, email: true } },
            toUser: { select: { email: true } },
          },
        });
        await recordTransferStep(tx, ctx, 'transfer.requested', created);
        return created;
      }),
    { unique: conflict(tr(ALREADY_OFFERED)) },
  );
  const mailed = await sendTransferOfferMail(ctx, {
    transferId: offer.id,
    organization: offer.organization,
    from: offer.fromUser,
    to: offer.toUser,
    expiresAt: offer.expiresAt,
  });
  return { transfer: toTransferDto(offer, now), mailed };
}

/** DELETE /organizations/{id}/transfer: the owner (or a site admin) calls the open offer off. */
export async function cancelTransfer(
  ctx: SignedInContext,
  { organizationId }: { organizationId: number },
): Promise<Transfer> {
  await requireOwnership(ctx, organizationId);
  const open = await findOpenTransfer(ctx.prisma, organizationId, ctx.now);
  if (!open) throw notFound(text(TRANSFER_NOT_FOUND));
  return closeOpenOffer(ctx, open, 'cancelled');
}

/**
 * Closes an open offer as cancelled or declined with its event, conditional on it still being pending, so
 * a close racing an accept ends in exactly one of the two.
 */
async function closeOpenOffer(
  ctx: SignedInContext,
  open: OwnershipTransfer,
  status: 'cancelled' | 'declined',
) {
  const { now } = ctx;
  await transaction(ctx.prisma, async (tx) => {
    const { count } = await tx.ownershipTransfer.updateMany({
      where: { id: open.id, status: 'pending' },
      data: { status, closedAt: now },
    });
    if (count === 0) throw await closedOffer(tx, open.id, now);
    await recordTransferStep(tx, ctx, `transfer.${status}` as const, open);
  });
  return toTransferDto({ ...open, status, closedAt: now }, now);
}

/** The open offer the caller may answer: 404 none, 403 offered to someone else. */
async function offerForCaller(ctx: SignedInContext, organizationId: number) {
  await requireRead(ctx, organizationId);
  const open = await findOpenTransfer(ctx.prisma, organizationId, ctx.now);
  if (!open) throw notFound(text(TRANSFER_NOT_FOUND));
  if (open.toUserId !== ctx.actor.userId) throw forbidden(tr('Предложение адресовано другому участнику'));
  return open;
}

/**
 * POST /organizations/{id}/transfer/accept, by the offered member: in one transaction the old owner becomes
 * 'Администратор' (type 3) and the caller the owner (type 1, organizations.owner_id). Under the
 * organization's lock and the new owner's row lock (their organization count, as creating one does), and
 * claimed by a conditional update, so two accepts at once leave exactly one owner. Refused with 409 LIMIT
 * when the new owner's plan cannot hold one more organization of this size.
 */
export async function acceptTransfer(
  ctx: SignedInContext,
  { organizationId }: { organizationId: number },
): Promise<Transfer> {
  const { now } = ctx;
  const userId = ctx.actor.userId;
  const open = await offerForCaller(ctx, organizationId);
  return transaction(ctx.prisma, async (tx) => {
    const organization = await lockOrganization(tx, organizationId);
    if (!organization) throw notFound(text(ORGANIZATION_NOT_FOUND));
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
    const claimed = await tx.ownershipTransfer.updateMany({
      where: { id: open.id, toUserId: userId, ...openTransferWhere(now) },
      data: { status: 'accepted', closedAt: now },
    });
    if (claimed.count === 0) throw await closedOffer(tx, open.id, now);
    const membership = await tx.member.findUnique({
      where: { organizationId_userId: { organizationId, userId } },
      select: { status: true },
    });
    if (membership?.status !== 'active') throw conflict(tr('Вы больше не участник этой организации'));
    const plan = await planInForce(tx, userId, ctx);
    const owned = await tx.organization.count({ where: { ownerId: userId } });
    if (owned + 1 > plan.maxOrganizations) throw await organizationsLimitError(tx, plan);
    if ((await seatsTaken(tx, organizationId, now)) > plan.maxMembers)
      throw await membersLimitError(tx, plan);
    // The old owner steps down first: one type-1 member per organization is checked per statement.
    await tx.member.updateMany({
      where: { organizationId, userId: organization.ownerId, typeId: MEMBER_TYPE_OWNER },
      data: { typeId: MEMBER_TYPE_ADMIN },
    });
    await tx.member.update({
      where: { organizationId_userId: { organizationId, userId } },
      data: { typeId: MEMBER_TYPE_OWNER },
    });
    await tx.organization.update({ where: { id: organizationId }, data: { ownerId: userId } });
    // One event for the swap: the old owner's step down to 'Администратор' is part of it.
    await recordTransferStep(tx, ctx, 'transfer.accepted', { ...open, fromUserId: organization.ownerId });
    return toTransferDto({ ...open, status: 'accepted', closedAt: now }, now);
  });
}

/** POST /organizations/{id}/transfer/decline, by the offered member. */
export async function declineTransfer(
  ctx: SignedInContext,
  { organizationId }: { organizationId: number },
): Promise<Transfer> {
  const open = await offerForCaller(ctx, organizationId);
  return closeOpenOffer(ctx, open, 'declined');
}

/**
 * GET /transfers: the open offers made to the caller, newest first, with the organization's name and who
 * offers (home's prompt, decision 0137). An offer to someone who left was cancelled with their leaving.
 */
export async function listMyTransfers(
  ctx: SignedInContext,
  { page, perPage }: { page: number; perPage: number },
): Promise<JsonPage<IncomingTransfer>> {
  const { total, items } = await selectMyTransfers(ctx, { skip: (page - 1) * perPage, take: perPage });
  return { items, meta: listMeta(page, perPage, total) };
}

import {
  type AccountDeletePreview,
  type Profile,
  type ProfileUpdateRequestSchema,
  type ProfileUpdateResult,
  TOKEN_FORBIDDEN,
  USER_NOT_FOUND,
  USER_TYPE_ADMIN,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { z } from 'zod';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import type { Actor, SignedInContext } from '../../lib/context';
import { adoptAccountLocale, tr } from '../../lib/i18n';
import { isForeignKeyViolation, isRecordNotFound, isUniqueViolation } from '../../lib/prisma-errors';
import { deleteUserSessions } from '../../lib/sessions';
import type { JsonText } from '../../lib/sql';
import { type Db, transaction } from '../../plugins/db/database';
import { assertOwnImage, deleteUserFiles } from '../files/files.service';
import { assertAnotherAdminRemains, lockAdminGuard } from '../users/users.service';
import {
  assertEmailFree,
  type EmailChangeContext,
  emailTaken,
  mailEmailCode,
  pendingEmail,
  putEmailAside,
} from './email-change.service';
import { selectProfile } from './profile.queries';

/**
 * The user as profile/me shows it: the plan in force, its end date, avatar and memberships. Oneself or,
 * for a site admin, anyone.
 */
export async function getProfile(ctx: SignedInContext, { id }: { id: number }): Promise<JsonText<Profile>> {
  if (!ctx.actor.isAdmin && ctx.actor.userId !== id) throw forbidden(tr('Недостаточно прав'));
  const profile = await selectProfile(ctx, id);
  if (!profile) throw notFound(text(USER_NOT_FOUND));
  return profile;
}

// Update and delete: docs/decisions/0041-profile-update.md, 0085-email-change-proof.md and
// 0042-account-deletion.md.

/** Self or an admin; anyone else gets 403 before we look the account up, so nothing leaks. */
function assertSelfOrAdmin(actor: Actor, id: number) {
  if (actor.userId !== id && !actor.isAdmin) throw forbidden(tr('Можно изменять только свою учётную запись'));
}

type ProfileUpdateInput = z.output<typeof ProfileUpdateRequestSchema> & { id: number };

export interface ProfileUpdateOutcome {
  result: ProfileUpdateResult;
  /** A code went to this new address just now (the answer says so). */
  codeSentTo: string | null;
  /** A pending change of the caller's e-mail was called off (the current address was sent back). */
  cancelled: boolean;
}

/**
 * PUT /profile/update/{id}. A site admin editing someone else changes the e-mail directly (unverified
 * until a code is used at it) and marks the account admin-edited (never purged). Anyone changing their
 * own e-mail only puts the new one aside and gets a code there; sending the current address back cancels
 * a pending change.
 */
export async function updateProfile(
  ctx: EmailChangeContext,
  { id, ...body }: ProfileUpdateInput,
): Promise<ProfileUpdateOutcome> {
  const { prisma, actor } = ctx;
  assertSelfOrAdmin(actor, id);
  const user = await prisma.user.findUnique({
    where: { id },
    select: { email: true, name: true, avatarFileId: true, locale: true },
  });
  if (!user) throw notFound(text(USER_NOT_FOUND));

  const byAdmin = actor.isAdmin && actor.userId !== id;
  const emailChanged = body.email !== undefined && body.email !== user.email;
  const newEmail = emailChanged ? body.email : undefined;
  // A token changes the name and the avatar only: the e-mail is the account's key (decision 0216).
  if (actor.token && emailChanged) throw forbidden(text(TOKEN_FORBIDDEN));
  if (newEmail !== undefined) {
    if (byAdmin) {
      const taken = await prisma.user.findUnique({ where: { email: newEmail }, select: { id: true } });
      if (taken) throw emailTaken();
    } else {
      await assertEmailFree(prisma, id, newEmail);
    }
  }
  // Re-sending the current avatar (the web sends every field) needs no check: an admin editing someone
  // else keeps that user's own file. A new one must be the caller's own image.
  const avatarChanged = body.image_id !== undefined && body.image_id !== user.avatarFileId;
  if (avatarChanged && body.image_id !== null && body.image_id !== undefined) {
    await assertOwnImage(prisma, actor.userId, body.image_id);
  }

  let saved: {
    result: ProfileUpdateResult;
    sent: { code: string; changeId: number } | null;
    cancelled: boolean;
  };
  try {
    saved = await transaction(prisma, async (tx) => {
      const updated = await tx.user.update({
        where: { id },
        data: {
          ...(body.name !== undefined ? { name: body.name } : {}),
          // A new address has not proven it receives mail: it is unverified until a code sent to it is used.
          ...(byAdmin && newEmail !== undefined ? { email: newEmail, emailVerifiedAt: null } : {}),
          ...(avatarChanged ? { avatarFileId: body.image_id ?? null } : {}),
          ...(body.locale !== undefined ? { locale: body.locale } : {}),
          ...(byAdmin ? { adminEditedAt: ctx.now } : {}),
        },
        select: { name: true, email: true, locale: true },
      });
      if (byAdmin && newEmail !== undefined) {
        // A code mailed to the old address must not sign in any more; one for the new address predates it.
        await tx.loginCode.deleteMany({ where: { email: { in: [user.email, newEmail] } } });
        // The admin's change supersedes whatever the user had asked for.
        await tx.emailChange.deleteMany({ where: { userId: id } });
      }
      const changes = changedFields(
        { name: user.name, email: user.email, avatar_file_id: user.avatarFileId, locale: user.locale },
        {
          name: updated.name,
          email: updated.email,
          locale: updated.locale,
          avatar_file_id: avatarChanged ? (body.image_id ?? null) : undefined,
        },
      );
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, ctx, { action: 'profile.updated', targetId: id, details: changes });
      }
      const sent =
        !byAdmin && newEmail !== undefined
          ? await putEmailAside(tx, ctx.codeSecret, id, newEmail, ctx.now)
          : null;
      if (sent) {
        await recordAudit(tx, ctx, {
          action: 'email.change_requested',
          targetId: id,
          details: { email: newEmail },
        });
      }
      // The current address sent back: the user changed their mind.
      const cancelled =
        !byAdmin && body.email !== undefined && !emailChanged
          ? (await tx.emailChange.deleteMany({ where: { userId: id } })).count > 0
          : false;
      const pending = await tx.emailChange.findUnique({ where: { userId: id } });
      return {
        result: { name: updated.name, email: updated.email, pending_email: pendingEmail(pending, ctx.now) },
        sent,
        cancelled,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw isUniqueViolation(error, 'avatar_file_id') || isUniqueViolation(error, 'avatarFileId')
        ? conflict(tr('Это изображение уже используется как аватар'))
        : emailTaken();
    }
    if (isRecordNotFound(error)) throw notFound(text(USER_NOT_FOUND));
    if (isForeignKeyViolation(error)) throw notFound(tr('Файл не найден'));
    throw error;
  }
  // One's own new language answers already: this answer and everything after it (decision 0302).
  if (!byAdmin && body.locale !== undefined) adoptAccountLocale(body.locale);
  if (saved.sent && newEmail !== undefined) await mailEmailCode(ctx, saved.sent, newEmail);
  const codeSentTo = saved.sent ? (newEmail ?? null) : null;
  return { result: saved.result, codeSentTo, cancelled: saved.cancelled };
}

/**
 * GET /profile/delete-preview/{id}: the organizations the account owns; those with other active members
 * must be transferred or deleted first (decision 0134), the others go with the account.
 */
export async function getDeletePreview(
  { prisma, actor }: SignedInContext,
  { id }: { id: number },
): Promise<AccountDeletePreview> {
  assertSelfOrAdmin(actor, id);
  const [user, organizations] = await Promise.all([
    prisma.user.findUnique({ where: { id }, select: { id: true } }),
    prisma.organization.findMany({
      where: { ownerId: id },
      select: {
        id: true,
        name: true,
        _count: { select: { members: true } },
        members: { where: otherActiveMember(id), select: { id: true }, take: 1 },
      },
      orderBy: { id: 'asc' },
    }),
  ]);
  if (!user) throw notFound(text(USER_NOT_FOUND));
  return {
    organizations: organizations.map((o) => ({
      id: o.id,
      name: o.name,
      members_count: o._count.members,
      has_other_members: o.members.length > 0,
    })),
  };
}

/** An active member other than the owner: such an organization cannot go with its owner's account. */
const otherActiveMember = (ownerId: number) => ({ userId: { not: ownerId }, status: 'active' as const });

/**
 * DELETE /profile/delete/{id}. Never the last admin who can sign in. The account's files (rows and stored
 * objects) go first, then, in one transaction under the admin-guard lock, its sessions and pending sign-in
 * codes, and the row, whose delete cascades to the organizations it owns (with their members), its
 * memberships elsewhere and its payment orders. An owned organization with other active members refuses
 * the deletion (409 naming it) until it is transferred or deleted; its row is locked while that is checked,
 * so nobody joins it meanwhile. See docs/decisions/0042-account-deletion.md and 0134.
 */
export async function deleteAccount(ctx: SignedInContext, { id }: { id: number }): Promise<void> {
  const { prisma, actor } = ctx;
  assertSelfOrAdmin(actor, id);
  // Checked once without the lock so that a refused deletion (unknown, last admin) touches nothing: the
  // files below cannot be taken back. The transaction checks again under the lock for concurrent calls.
  await assertDeletable(prisma, id);
  // deleteUserFiles needs the file rows, which the user's delete would cascade away.
  await deleteUserFiles(prisma, ctx.storage, id, (err) =>
    ctx.log.warn({ err, userId: id }, 'a stored file of a deleted account was left behind'),
  );
  await transaction(prisma, async (tx) => {
    await lockAdminGuard(tx);
    await tx.$queryRaw`SELECT id FROM organizations WHERE owner_id = ${id} FOR UPDATE`;
    const user = await assertDeletable(tx, id);
    // Before the row goes: the event copies the actor's name from it when they delete themselves.
    await recordAudit(tx, ctx, { action: 'user.deleted', targetId: id, details: { email: user.email } });
    await deleteUserSessions(tx, id);
    // A code mailed before the deletion would find no account at its second step.
    await tx.loginCode.deleteMany({ where: { email: user.email } });
    await tx.user.delete({ where: { id } });
  });
}

async function assertDeletable(tx: Db, id: number) {
  const user = await tx.user.findUnique({ where: { id }, select: { email: true, typeId: true } });
  if (!user) throw notFound(text(USER_NOT_FOUND));
  if (user.typeId === USER_TYPE_ADMIN) {
    await assertAnotherAdminRemains(tx, id, tr('Нельзя удалить последнего администратора'));
  }
  const shared = await tx.organization.findMany({
    where: { ownerId: id, members: { some: otherActiveMember(id) } },
    select: { name: true },
    orderBy: { id: 'asc' },
  });
  if (shared.length > 0) {
    const names = shared.map((o) => `«${o.name}»`).join(', ');
    throw conflict(
      tr(
        'Сначала передайте другому участнику или удалите организации, в которых есть другие участники: {names}',
        { names },
      ),
    );
  }
  return user;
}

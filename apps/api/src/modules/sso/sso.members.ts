import { EmailSchema } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { OidcIdentity } from '../../adapters/oidc';
import type { SsoConnection } from '../../generated/prisma/client';
import { forbidden, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { RequestContext } from '../../lib/context';
import { newVaultKey } from '../../lib/crypto';
import { tr } from '../../lib/i18n';
import { emitEvent } from '../../lib/webhooks/events';
import { transaction } from '../../plugins/db/database';
import { BLOCKED_MESSAGE } from '../auth/sign-in';
import { assertMembersFit, lockOrganization } from '../organizations/plan-limits';

// Who an SSO sign-in lets in (issue 30; decision 0279): the account of the ID token's address, created on the
// first sign-in (verified, named as the token says) and made a member of the organization with the
// connection's default role; the plan's seats apply. The provider's `sub` is linked to the account.

/** A name from outside: one line, at most 40 characters (users.name) ('' when none). */
function cleanName(name: string): string {
  const line = name.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return line.slice(0, 40).trim();
}

/** The address the token gave, as the cabinet writes addresses (lower case, a valid address), or null. */
export function tokenAddress(identity: OidcIdentity): string | null {
  if (!identity.email) return null;
  const parsed = EmailSchema.safeParse(identity.email);
  return parsed.success ? parsed.data : null;
}

/**
 * Finds or creates the account of `email` and makes it an active member (a join request waiting is accepted:
 * the organization's own provider vouches for the person). Refuses a blocked account, and a new seat the
 * owner's plan has no room for, before anything is written. Answers the account's id.
 */
export async function admitMember(
  ctx: RequestContext,
  { connection, identity, email }: { connection: SsoConnection; identity: OidcIdentity; email: string },
): Promise<number> {
  const organizationId = connection.organizationId;
  const name = cleanName(identity.name);
  return transaction(ctx.prisma, async (tx) => {
    // Concurrent first sign-ins of one organization run one after another: the seat count holds.
    const organization = await lockOrganization(tx, organizationId);
    if (!organization) throw notFound(text('Организация не найдена'));
    let user = await tx.user.findUnique({ where: { email } });
    if (user?.blockedAt) throw forbidden(tr(BLOCKED_MESSAGE));
    const member = user
      ? await tx.member.findUnique({
          where: { organizationId_userId: { organizationId, userId: user.id } },
          select: { id: true, status: true },
        })
      : null;
    if (!member) await assertMembersFit(tx, organizationId, organization.ownerId, 1, ctx);
    if (!user) {
      user = await tx.user.create({
        data: { email, name, emailVerifiedAt: ctx.now, vaultKey: newVaultKey() },
      });
      await emitEvent(tx, ctx, {
        type: 'user.created',
        organizationId: null,
        data: { id: user.id, email: user.email },
      });
    } else if (!user.name && name) {
      user = await tx.user.update({ where: { id: user.id }, data: { name } });
    }
    if (!member) {
      await tx.member.create({
        data: { organizationId, userId: user.id, typeId: connection.defaultTypeId, status: 'active' },
      });
      await recordAudit(tx, ctx, {
        action: 'member.added',
        actorId: user.id,
        targetId: user.id,
        organizationId,
        details: { name: user.name, email: user.email, via: 'sso' },
      });
    } else if (member.status === 'pending') {
      await tx.member.update({ where: { id: member.id }, data: { status: 'active' } });
      await recordAudit(tx, ctx, {
        action: 'join_request.accepted',
        actorId: user.id,
        targetId: user.id,
        organizationId,
        details: { name: user.name, email: user.email, via: 'sso' },
      });
    }
    const provider = `sso:${organizationId}`;
    await tx.userIdentity.upsert({
      where: { provider_subject: { provider, subject: identity.subject } },
      create: {
        userId: user.id,
        provider,
        organizationId,
        subject: identity.subject,
        email,
        lastUsedAt: ctx.now,
      },
      update: { userId: user.id, email, lastUsedAt: ctx.now },
    });
    return user.id;
  });
}

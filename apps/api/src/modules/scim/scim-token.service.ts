import {
  SCIM_BASE_PATH,
  SCIM_UNAVAILABLE,
  type ScimTokenCreated,
  type ScimTokenStatus,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { forbidden } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { transaction } from '../../plugins/db/database';
import { requireManage } from '../organizations/organizations.access';
import { lockOrganization } from '../organizations/plan-limits';
import { ssoAvailable } from '../sso/enforcement';
import { hashScimToken, newScimToken, SCIM_TOKEN_SHOWN_CHARS } from './scim-token';

// The organization's SCIM token in its settings (issue 30, decision 0287): its owner, organization admins
// and site admins see whether one exists and make a new one, which replaces the old at once. The token is
// in the creation's answer only.

async function tokenStatus(ctx: SignedInContext, organizationId: number): Promise<ScimTokenStatus> {
  const [row, available] = await Promise.all([
    ctx.prisma.scimToken.findUnique({
      where: { organizationId },
      select: { prefix: true, createdAt: true, lastUsedAt: true },
    }),
    ssoAvailable(ctx.prisma, organizationId, ctx),
  ]);
  return {
    exists: row !== null,
    prefix: row?.prefix ?? null,
    created_at: row?.createdAt.toISOString() ?? null,
    last_used_at: row?.lastUsedAt?.toISOString() ?? null,
    available,
    unavailable_reason: available ? null : text(SCIM_UNAVAILABLE),
    base_url: `${ctx.config.PUBLIC_URL}${SCIM_BASE_PATH}`,
  };
}

/** GET /organizations/{id}/scim-token: the manage rule (strangers 404, members 403). */
export async function getScimToken(ctx: SignedInContext, { id }: { id: number }): Promise<ScimTokenStatus> {
  await requireManage(ctx, id);
  return tokenStatus(ctx, id);
}

/**
 * POST /organizations/{id}/scim-token: refused (403) while the owner's plan has no SSO and SCIM, since such a
 * token could do nothing. The organization row is locked, so two creations at once leave one token.
 */
export async function createScimToken(
  ctx: SignedInContext & { tokenSecret: string },
  { id }: { id: number },
): Promise<ScimTokenCreated> {
  await requireManage(ctx, id);
  if (!(await ssoAvailable(ctx.prisma, id, ctx))) throw forbidden(text(SCIM_UNAVAILABLE));
  const token = newScimToken();
  const prefix = token.slice(0, SCIM_TOKEN_SHOWN_CHARS);
  await transaction(ctx.prisma, async (tx) => {
    await lockOrganization(tx, id);
    const previous = await tx.scimToken.findUnique({
      where: { organizationId: id },
      select: { prefix: true },
    });
    const data = {
      tokenHash: hashScimToken(ctx.tokenSecret, token),
      prefix,
      createdById: ctx.actor.userId,
      createdAt: ctx.now,
      lastUsedAt: null,
    };
    await tx.scimToken.upsert({
      where: { organizationId: id },
      create: { organizationId: id, ...data },
      update: data,
    });
    await recordAudit(tx, ctx, {
      action: 'scim_token.created',
      targetId: id,
      organizationId: id,
      details: { prefix, replaced: previous !== null, replaced_prefix: previous?.prefix ?? null },
    });
  });
  return { ...(await tokenStatus(ctx, id)), token };
}

import {
  MEMBER_TYPE_MEMBER,
  SSO_MESSAGES,
  type SsoSettings,
  type SsoSettingsUpdateSchema,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { z } from 'zod';
import { authorizationRequest, OidcFailure } from '../../adapters/oidc';
import type { SsoConnection } from '../../generated/prisma/client';
import { badRequest, conflict, limitReached } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { sealSecret } from '../../lib/secret-box';
import { transaction } from '../../plugins/db/database';
import { requireManage } from '../organizations/organizations.access';
import { lockOrganization } from '../organizations/plan-limits';
import { ssoAvailable } from './enforcement';
import { openProvider, providerError, secretsKey } from './sso.connection';
import { endDomainAccess } from './sso.domain-access';
import { callbackUrl, saveFlow } from './sso.flows';

// 'Единый вход (SSO)' of an organization's settings (issue 30; decisions 0274, 0277, 0278): its owner, its
// organization admins and site admins read and change the connection and test it. The client secret is
// sealed with SECRETS_KEY and never sent back.

type SsoSettingsUpdate = z.output<typeof SsoSettingsUpdateSchema>;

function toSettings(
  ctx: SignedInContext,
  organizationId: number,
  row: SsoConnection | null,
  available: boolean,
): SsoSettings {
  return {
    organization_id: organizationId,
    configured: row !== null,
    issuer: row?.issuer ?? '',
    client_id: row?.clientId ?? '',
    client_secret_set: Boolean(row?.clientSecretSealed),
    display_name: row?.displayName ?? '',
    enabled: row?.enabled ?? false,
    enforce: row?.enforce ?? false,
    default_type_id: row?.defaultTypeId ?? MEMBER_TYPE_MEMBER,
    tested_at: row?.testedAt?.toISOString() ?? null,
    available,
    unavailable_reason: available ? null : text(SSO_MESSAGES.unavailable),
    callback_url: callbackUrl(ctx.config),
  };
}

export async function getSsoSettings(ctx: SignedInContext, { id }: { id: number }): Promise<SsoSettings> {
  await requireManage(ctx, id);
  const row = await ctx.prisma.ssoConnection.findUnique({ where: { organizationId: id } });
  return toSettings(ctx, id, row, await ssoAvailable(ctx.prisma, id, ctx));
}

/** Who may change the connection, and that it can work at all: the plan and SECRETS_KEY. */
async function requireChangeable(ctx: SignedInContext, organizationId: number) {
  await requireManage(ctx, organizationId);
  const key = secretsKey(ctx.config);
  if (!(await ssoAvailable(ctx.prisma, organizationId, ctx)))
    throw limitReached(text(SSO_MESSAGES.unavailable));
  return key;
}

const FORCED_OFF = trId(
  'Адрес издателя или client_id изменились: вход через SSO выключен. Проверьте подключение и включите его снова',
);

/**
 * Saves the connection. A new issuer or client_id clears the test and turns the sign-in off; turning it on
 * needs a passing test; turning 'Только через SSO' into effect ends the domains' other sessions and tokens.
 */
export async function updateSsoSettings(
  ctx: SignedInContext,
  { id, ...input }: SsoSettingsUpdate & { id: number },
): Promise<{ settings: SsoSettings; message: string }> {
  const key = await requireChangeable(ctx, id);
  const secret = input.client_secret || undefined;
  const outcome = await transaction(ctx.prisma, async (tx) => {
    const organization = await lockOrganization(tx, id);
    if (!organization) throw conflict(text('Организация удалена'));
    const before = await tx.ssoConnection.findUnique({ where: { organizationId: id } });
    if (!before && !secret) {
      throw badRequest(tr('Проверьте данные'), { client_secret: [text(SSO_MESSAGES.secretRequired)] });
    }
    const newTarget = !before || before.issuer !== input.issuer || before.clientId !== input.client_id;
    const testedAt = newTarget ? null : (before?.testedAt ?? null);
    const forcedOff = newTarget && input.enabled && before !== null;
    if (input.enabled && !testedAt && !forcedOff) {
      throw conflict(text(SSO_MESSAGES.testFirst), { enabled: [text(SSO_MESSAGES.testFirst)] });
    }
    const enabled = input.enabled && !forcedOff;
    const data = {
      issuer: input.issuer,
      clientId: input.client_id,
      ...(secret ? { clientSecretSealed: sealSecret(key, secret) } : {}),
      displayName: input.display_name,
      enabled,
      enforce: input.enforce,
      defaultTypeId: input.default_type_id,
      testedAt,
    };
    const row = await tx.ssoConnection.upsert({
      where: { organizationId: id },
      create: { organizationId: id, clientSecretSealed: '', ...data },
      update: data,
    });
    // In effect only when enabled too (the plan was checked above): ending access once, when it starts.
    const enforcedBefore = Boolean(before?.enabled && before.enforce);
    const ended =
      !enforcedBefore && row.enabled && row.enforce
        ? await endDomainAccess(tx, id, organization.ownerId)
        : null;
    await recordAudit(tx, ctx, {
      action: 'sso.updated',
      targetId: id,
      organizationId: id,
      details: {
        ...changedFields(
          {
            issuer: before?.issuer ?? null,
            client_id: before?.clientId ?? null,
            display_name: before?.displayName ?? null,
            enabled: before?.enabled ?? false,
            enforce: before?.enforce ?? false,
            default_type_id: before?.defaultTypeId ?? null,
          },
          {
            issuer: row.issuer,
            client_id: row.clientId,
            display_name: row.displayName,
            enabled: row.enabled,
            enforce: row.enforce,
            default_type_id: row.defaultTypeId,
          },
        ),
        ...(secret ? { secret_changed: true } : {}),
        ...(ended ? { ended_sessions: ended.sessions, revoked_tokens: ended.tokens } : {}),
      },
    });
    return { row, forcedOff, ended };
  });
  const message = outcome.forcedOff
    ? tr(FORCED_OFF)
    : outcome.ended
      ? tr(
          'Настройки сохранены. «Только через SSO» действует: завершено сеансов — {sessions}, отозвано токенов — {tokens}',
          { sessions: outcome.ended.sessions, tokens: outcome.ended.tokens },
        )
      : tr('Настройки единого входа сохранены');
  return { settings: toSettings(ctx, id, outcome.row, true), message };
}

/**
 * 'Проверить подключение': the provider's sign-in URL for the caller (discovery read anew). Its callback
 * records tested_at and signs nobody in (sso.test-callback.ts). Answers the state for the browser's cookie.
 */
export async function startSsoTest(
  ctx: SignedInContext,
  { id }: { id: number },
): Promise<{ url: string; state: string }> {
  await requireChangeable(ctx, id);
  const connection = await ctx.prisma.ssoConnection.findUnique({ where: { organizationId: id } });
  if (!connection) throw conflict(tr('Сначала сохраните настройки подключения'));
  try {
    const provider = await openProvider(ctx, connection, { fresh: true });
    const request = await authorizationRequest(provider, {
      redirectUri: callbackUrl(ctx.config),
      loginHint: ctx.actor.email,
    });
    await saveFlow(ctx, request, { purpose: 'test', organizationId: id, userId: ctx.actor.userId });
    return { url: request.url, state: request.state };
  } catch (error) {
    if (error instanceof OidcFailure) throw providerError(ctx, error);
    throw error;
  }
}

import { randomInt } from 'node:crypto';
import {
  DEVICE_CODE_GRANT,
  DEVICE_CODE_TTL_S,
  DEVICE_POLL_INTERVAL_S,
  DEVICE_TOKEN_TTL_S,
  type DeviceCodeResponse,
  formatUserCode,
  TOKEN_SCOPES,
  type TokenResponse,
  type TokenScope,
  USER_CODE_ALPHABET,
} from '@cabinet/contracts';
import { recordAudit } from '../../lib/audit';
import { describeDevice } from '../../lib/client-device';
import type { RequestContext } from '../../lib/context';
import { newOpaqueToken, sha256 } from '../../lib/crypto';
import { tr } from '../../lib/i18n';
import { countSignIn } from '../../lib/metrics';
import { OAuthError } from '../../lib/oauth-error';
import { isUniqueViolation } from '../../lib/prisma-errors';
import { createSession } from '../../lib/sessions';
import { transaction } from '../../plugins/db/database';
import { findDeviceClient } from './clients.service';

// The device authorization grant, the command-line side (RFC 8628 §3.1–3.5; docs/decisions/0221). Every
// refusal is an OAuthError: {error, error_description}, never the envelope.

const DAY_MS = 24 * 3600 * 1000;

const invalidRequest = (description: string) => new OAuthError('invalid_request', description);
const invalidClient = () => new OAuthError('invalid_client', tr('Неизвестное или отключённое приложение'));

function newUserCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += USER_CODE_ALPHABET[randomInt(0, USER_CODE_ALPHABET.length)];
  return code;
}

/** 'read write' → ['read','write'] ('write' brings 'read'); null when a scope is unknown or not the client's. */
function grantedScopes(scope: string | undefined, allowed: readonly string[]): TokenScope[] | null {
  const asked = scope?.trim() ? scope.trim().split(/\s+/) : [...allowed];
  if (asked.some((s) => !(TOKEN_SCOPES as readonly string[]).includes(s) || !allowed.includes(s)))
    return null;
  const scopes: TokenScope[] = asked.includes('write') ? ['read', 'write'] : ['read'];
  return scopes.every((s) => allowed.includes(s)) ? scopes : null;
}

/** POST /oauth/device/code. */
export async function requestDeviceCode(
  ctx: RequestContext,
  body: { client_id?: string; scope?: string },
): Promise<DeviceCodeResponse> {
  if (!body.client_id) throw invalidRequest(tr('Не указан client_id'));
  const client = await findDeviceClient(ctx.prisma, body.client_id);
  if (!client) throw invalidClient();
  const scopes = grantedScopes(body.scope, client.scopes);
  if (!scopes) {
    throw new OAuthError(
      'invalid_scope',
      tr('Недопустимые права: приложение может просить только read или write из разрешённых ему'),
    );
  }
  const deviceCode = newOpaqueToken();
  const expiresAt = new Date(ctx.now.getTime() + DEVICE_CODE_TTL_S * 1000);
  // Codes a day past their end are dropped, so user codes can be used again.
  await ctx.prisma.oauthDeviceCode.deleteMany({
    where: { expiresAt: { lt: new Date(ctx.now.getTime() - DAY_MS) } },
  });
  for (let attempt = 0; ; attempt++) {
    const userCode = newUserCode();
    try {
      await ctx.prisma.oauthDeviceCode.create({
        data: {
          clientId: client.id,
          deviceCodeHash: sha256(deviceCode),
          userCode,
          scopes,
          interval: DEVICE_POLL_INTERVAL_S,
          ip: ctx.ip,
          userAgent: ctx.userAgent || null,
          device: describeDevice(ctx.userAgent),
          expiresAt,
          createdAt: ctx.now,
        },
      });
      const base = ctx.config.PUBLIC_URL;
      const shown = formatUserCode(userCode);
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: `${base}/app/device`,
        verification_uri_complete: `${base}/app/device?user_code=${shown}`,
        expires_in: DEVICE_CODE_TTL_S,
        interval: DEVICE_POLL_INTERVAL_S,
      };
    } catch (error) {
      // 20^8 codes: a clash with a live one is rare; try another.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** POST /oauth/token: the poll. One token per device code, once. */
export async function exchangeDeviceCode(
  ctx: RequestContext,
  body: { grant_type?: string; device_code?: string; client_id?: string },
): Promise<TokenResponse> {
  if (!body.grant_type) throw invalidRequest(tr('Не указан grant_type'));
  if (body.grant_type !== DEVICE_CODE_GRANT) {
    throw new OAuthError(
      'unsupported_grant_type',
      tr('Поддерживается только grant_type {grant}', { grant: DEVICE_CODE_GRANT }),
    );
  }
  if (!body.client_id) throw invalidRequest(tr('Не указан client_id'));
  const client = await findDeviceClient(ctx.prisma, body.client_id);
  if (!client) throw invalidClient();
  if (!body.device_code) throw invalidRequest(tr('Не указан device_code'));

  const row = await ctx.prisma.oauthDeviceCode.findUnique({
    where: { deviceCodeHash: sha256(body.device_code) },
  });
  if (!row || row.clientId !== client.id || row.status === 'used') {
    throw new OAuthError('invalid_grant', tr('Код устройства неизвестен или уже использован'));
  }
  if (row.expiresAt <= ctx.now) {
    throw new OAuthError('expired_token', tr('Код устройства истёк: начните вход заново'));
  }
  if (row.status === 'denied') {
    throw new OAuthError('access_denied', tr('Вход отклонён пользователем'));
  }
  if (row.status === 'pending') {
    const tooSoon = row.lastPolledAt && ctx.now.getTime() - row.lastPolledAt.getTime() < row.interval * 1000;
    await ctx.prisma.oauthDeviceCode.update({
      where: { id: row.id },
      data: { lastPolledAt: ctx.now, ...(tooSoon && { interval: { increment: 5 } }) },
    });
    if (tooSoon) {
      throw new OAuthError(
        'slow_down',
        tr('Слишком частые запросы: опрашивайте не чаще раза в {seconds} с', { seconds: row.interval + 5 }),
      );
    }
    throw new OAuthError(
      'authorization_pending',
      tr('Ожидается подтверждение: откройте страницу входа и введите код'),
    );
  }
  // Approved: exactly one poll turns it into a token (the conditional update), whatever runs at once.
  const userId = row.userId as number;
  const token = await transaction(ctx.prisma, async (tx) => {
    const { count } = await tx.oauthDeviceCode.updateMany({
      where: { id: row.id, status: 'approved' },
      data: { status: 'used', lastPolledAt: ctx.now },
    });
    if (count === 0) {
      throw new OAuthError('invalid_grant', tr('Код устройства неизвестен или уже использован'));
    }
    const origin = { ip: ctx.ip, userAgent: ctx.userAgent, isDesktop: false, method: 'device' as const };
    const issued = await createSession(tx, userId, origin, {
      oauthClientId: client.id,
      scopes: row.scopes as TokenScope[],
      ttlMs: DEVICE_TOKEN_TTL_S * 1000,
    });
    const session = await tx.session.findUniqueOrThrow({
      where: { tokenHash: sha256(issued) },
      select: { id: true },
    });
    await recordAudit(tx, ctx, {
      action: 'device.token_issued',
      actorId: userId,
      targetId: session.id,
      details: { client: client.name, client_id: client.clientId, scopes: row.scopes },
    });
    return issued;
  });
  countSignIn('device', 'success');
  return {
    access_token: token,
    token_type: 'Bearer',
    expires_in: DEVICE_TOKEN_TTL_S,
    scope: row.scopes.join(' '),
  };
}

import {
  DEVICE_CODE_NOT_FOUND,
  type DeviceRequest,
  formatUserCode,
  normalizeUserCode,
  TOKEN_SCOPE_LABELS,
  type TokenScope,
  UNKNOWN_DEVICE,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { notFound, tooManyRequests } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr } from '../../lib/i18n';
import { transaction } from '../../plugins/db/database';
import { actorAccount, refuseUnlessSsoAllowed } from '../sso/enforcement';

// /app/device, the person's side of the device grant (docs/decisions/0223-device-code-entry.md): what is
// asking for a user code, and 'Разрешить' or 'Отклонить'. A wrong code is counted per person and per
// address; past the cap the page says how long to wait.

/** Wrong codes within the window: per person, and per address (several people behind one NAT). */
export const WRONG_CODES_PER_PERSON = 10;
export const WRONG_CODES_PER_ADDRESS = 30;
const WINDOW_MS = 15 * 60 * 1000;

async function assertUnderCap(ctx: SignedInContext): Promise<void> {
  const since = new Date(ctx.now.getTime() - WINDOW_MS);
  const [byPerson, byAddress] = await Promise.all([
    ctx.prisma.oauthDeviceAttempt.findMany({
      where: { userId: ctx.actor.userId, createdAt: { gt: since } },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
    }),
    ctx.prisma.oauthDeviceAttempt.findMany({
      where: { ip: ctx.ip, createdAt: { gt: since } },
      orderBy: { createdAt: 'asc' },
      select: { createdAt: true },
    }),
  ]);
  const over = [
    byPerson.length >= WRONG_CODES_PER_PERSON ? byPerson[byPerson.length - WRONG_CODES_PER_PERSON] : null,
    byAddress.length >= WRONG_CODES_PER_ADDRESS
      ? byAddress[byAddress.length - WRONG_CODES_PER_ADDRESS]
      : null,
  ].filter((a) => a !== null && a !== undefined);
  if (over.length === 0) return;
  // The wait ends when the oldest attempt that keeps the count at the cap leaves the window.
  const freeAt = Math.max(...over.map((a) => a.createdAt.getTime() + WINDOW_MS));
  const seconds = Math.max(1, Math.ceil((freeAt - ctx.now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw tooManyRequests(
    tr('Слишком много неверных кодов. Попробуйте через {minutes} мин', { minutes }),
    seconds,
  );
}

async function wrongCode(ctx: SignedInContext): Promise<never> {
  await ctx.prisma.oauthDeviceAttempt.create({
    data: { userId: ctx.actor.userId, ip: ctx.ip, createdAt: ctx.now },
  });
  // Attempts older than a day serve no cap.
  await ctx.prisma.oauthDeviceAttempt.deleteMany({
    where: { createdAt: { lt: new Date(ctx.now.getTime() - 24 * 3600 * 1000) } },
  });
  throw notFound(text(DEVICE_CODE_NOT_FOUND));
}

/** A pending, live device code by what the person typed; a wrong one is counted and answers 404. */
async function findPending(ctx: SignedInContext, typed: string) {
  await assertUnderCap(ctx);
  const userCode = normalizeUserCode(typed);
  if (!userCode) return wrongCode(ctx);
  const row = await ctx.prisma.oauthDeviceCode.findUnique({
    where: { userCode },
    include: { client: { select: { name: true, disabledAt: true, clientId: true } } },
  });
  if (row?.status !== 'pending' || row.expiresAt <= ctx.now || row.client.disabledAt) {
    return wrongCode(ctx);
  }
  return row;
}

/** GET /oauth/device?user_code=. */
export async function lookupDeviceRequest(ctx: SignedInContext, { user_code }: { user_code: string }) {
  const row = await findPending(ctx, user_code);
  const scopes = row.scopes as TokenScope[];
  return {
    user_code: formatUserCode(row.userCode),
    client_name: row.client.name,
    scopes,
    scope_labels: scopes.map((s) => text(TOKEN_SCOPE_LABELS[s])),
    ip: row.ip,
    user_agent: row.userAgent,
    device: row.device ?? text(UNKNOWN_DEVICE),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  } satisfies DeviceRequest;
}

/** POST /oauth/device/decision: the token itself is issued at the application's next poll. */
export async function decideDeviceRequest(
  ctx: SignedInContext,
  { user_code, approve }: { user_code: string; approve: boolean },
): Promise<{ approved: boolean }> {
  const row = await findPending(ctx, user_code);
  // 'Только через SSO' (issue 30): an account of an enforcing domain may refuse, never approve.
  if (approve) await refuseUnlessSsoAllowed(ctx.prisma, ctx, actorAccount(ctx.actor));
  await transaction(ctx.prisma, async (tx) => {
    const { count } = await tx.oauthDeviceCode.updateMany({
      where: { id: row.id, status: 'pending' },
      data: { status: approve ? 'approved' : 'denied', userId: ctx.actor.userId },
    });
    if (count === 0) throw notFound(text(DEVICE_CODE_NOT_FOUND));
    await recordAudit(tx, ctx, {
      action: approve ? 'device.approved' : 'device.denied',
      targetId: row.clientId,
      details: {
        client: row.client.name,
        scopes: row.scopes,
        ip: row.ip,
        device: row.device ?? text(UNKNOWN_DEVICE),
      },
    });
  });
  return { approved: approve };
}

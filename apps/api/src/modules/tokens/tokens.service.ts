import {
  type PaginationQuery,
  PERSONAL_TOKENS_MAX,
  type PersonalToken,
  type PersonalTokenCreated,
  type PersonalTokenCreateSchema,
  personalTokensLimit,
  TOKEN_NOT_FOUND,
  type TokenScope,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { z } from 'zod';
import { hashPersonalToken, newPersonalToken, TOKEN_SHOWN_CHARS } from '../../lib/access-tokens';
import { limitReached, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { transaction } from '../../plugins/db/database';
import { actorAccount, refuseUnlessSsoAllowed } from '../sso/enforcement';
import { requireUser } from '../users/users.service';

// Personal access tokens (issue 29; docs/decisions/0215-personal-access-tokens.md): made, listed and revoked
// by their owner, listed and revoked by site admins. The token itself is in the creation answer only.

const DAY_MS = 24 * 3600 * 1000;

const fields = {
  id: true,
  name: true,
  scopes: true,
  prefix: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
  lastUsedIp: true,
} as const;

interface TokenRow {
  id: number;
  name: string;
  scopes: string[];
  prefix: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
}

const toDto = (row: TokenRow): PersonalToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as TokenScope[],
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt?.toISOString() ?? null,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  last_used_ip: row.lastUsedIp,
});

/** Live: never expiring, or not yet expired. */
const live = (userId: number, now: Date) => ({
  userId,
  OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
});

async function tokensPage(ctx: SignedInContext, userId: number, { page, perPage }: PaginationQuery) {
  const where = live(userId, ctx.now);
  const [rows, total] = await Promise.all([
    ctx.prisma.personalAccessToken.findMany({
      where,
      select: fields,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    ctx.prisma.personalAccessToken.count({ where }),
  ]);
  return { items: rows.map(toDto), meta: listMeta(page, perPage, total) } satisfies Page<PersonalToken>;
}

/** GET /profile/tokens. */
export const listTokens = (ctx: SignedInContext, query: PaginationQuery) =>
  tokensPage(ctx, ctx.actor.userId, query);

/**
 * POST /profile/tokens: at most PERSONAL_TOKENS_MAX live tokens; the account row is locked so that two
 * creations at once cannot pass the count together. Expired tokens are deleted on the way.
 */
export async function createToken(
  ctx: SignedInContext & { tokenSecret: string },
  body: z.output<typeof PersonalTokenCreateSchema>,
): Promise<PersonalTokenCreated> {
  const { userId } = ctx.actor;
  await refuseUnlessSsoAllowed(ctx.prisma, ctx, actorAccount(ctx.actor));
  const token = newPersonalToken();
  const expiresAt =
    body.expires_in_days === null ? null : new Date(ctx.now.getTime() + body.expires_in_days * DAY_MS);
  const row = await transaction(ctx.prisma, async (tx) => {
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
    await tx.personalAccessToken.deleteMany({ where: { userId, expiresAt: { lte: ctx.now } } });
    const count = await tx.personalAccessToken.count({ where: { userId } });
    if (count >= PERSONAL_TOKENS_MAX) throw limitReached(personalTokensLimit());
    const created = await tx.personalAccessToken.create({
      data: {
        userId,
        name: body.name,
        scopes: body.scopes,
        tokenHash: hashPersonalToken(ctx.tokenSecret, token),
        prefix: token.slice(0, TOKEN_SHOWN_CHARS),
        createdAt: ctx.now,
        expiresAt,
      },
      select: fields,
    });
    await recordAudit(tx, ctx, {
      action: 'token.created',
      targetId: created.id,
      details: { name: body.name, scopes: body.scopes, expires_at: expiresAt?.toISOString() ?? null },
    });
    return created;
  });
  return { ...toDto(row), token };
}

async function endToken(ctx: SignedInContext, { id, userId }: { id: number; userId: number }) {
  await transaction(ctx.prisma, async (tx) => {
    const token = await tx.personalAccessToken.findFirst({ where: { id, userId }, select: { name: true } });
    if (!token) throw notFound(text(TOKEN_NOT_FOUND));
    await tx.personalAccessToken.delete({ where: { id } });
    await recordAudit(tx, ctx, {
      action: 'token.revoked',
      targetId: id,
      details: { user_id: userId, name: token.name, by_admin: userId !== ctx.actor.userId },
    });
  });
}

/** DELETE /profile/tokens/{id}: one of the caller's; anyone else's is 404, exactly as an unknown id. */
export const revokeToken = (ctx: SignedInContext, { id }: { id: number }) =>
  endToken(ctx, { id, userId: ctx.actor.userId });

/** GET /admin/users/{id}/tokens (admins). */
export async function listUserTokens(
  ctx: SignedInContext,
  { id, ...query }: PaginationQuery & { id: number },
) {
  await requireUser(ctx, id);
  return tokensPage(ctx, id, query);
}

/** DELETE /admin/users/{id}/tokens/{tid} (admins): 404 unless the token is that user's. */
export async function revokeUserToken(ctx: SignedInContext, { id, tid }: { id: number; tid: number }) {
  await requireUser(ctx, id);
  await endToken(ctx, { id: tid, userId: id });
}

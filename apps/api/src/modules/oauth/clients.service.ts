import { randomBytes } from 'node:crypto';
import {
  OAUTH_CLIENT_NOT_FOUND,
  type OauthClientCreateSchema,
  type OauthClient as OauthClientDto,
  type OauthClientUpdateSchema,
  type PaginationQuery,
  type TokenScope,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { listMeta, type Page } from '../../lib/envelope';
import { type Db, transaction } from '../../plugins/db/database';

// OAuth clients, the admins' 'Приложения' (issue 29; docs/decisions/0220-oauth-clients.md). A client is
// public (no secret: a command-line tool cannot keep one); its client_id is generated. Disabling a client
// refuses its device codes and ends its tokens (their sessions are deleted).

const fields = {
  id: true,
  clientId: true,
  name: true,
  grantTypes: true,
  scopes: true,
  disabledAt: true,
  createdAt: true,
} as const;

interface ClientRow {
  id: number;
  clientId: string;
  name: string;
  grantTypes: string[];
  scopes: string[];
  disabledAt: Date | null;
  createdAt: Date;
}

const toDto = (row: ClientRow): OauthClientDto => ({
  id: row.id,
  client_id: row.clientId,
  name: row.name,
  grant_types: row.grantTypes as 'device_code'[],
  scopes: row.scopes as TokenScope[],
  disabled: row.disabledAt !== null,
  created_at: row.createdAt.toISOString(),
});

/** An enabled client allowed the device grant, by its client_id; null otherwise (→ invalid_client). */
export async function findDeviceClient(db: Db, clientId: string) {
  const client = await db.oauthClient.findUnique({ where: { clientId }, select: fields });
  if (!client || client.disabledAt || !client.grantTypes.includes('device_code')) return null;
  return client;
}

/** GET /admin/oauth-clients. */
export async function listClients(
  ctx: SignedInContext,
  { page, perPage }: PaginationQuery,
): Promise<Page<OauthClientDto>> {
  const [rows, total] = await Promise.all([
    ctx.prisma.oauthClient.findMany({
      select: fields,
      orderBy: { id: 'asc' },
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    ctx.prisma.oauthClient.count(),
  ]);
  return { items: rows.map(toDto), meta: listMeta(page, perPage, total) };
}

/** POST /admin/oauth-clients: client_id is 'cli_' and 16 random hex characters. */
export async function createClient(
  ctx: SignedInContext,
  body: z.output<typeof OauthClientCreateSchema>,
): Promise<OauthClientDto> {
  const row = await transaction(ctx.prisma, async (tx) => {
    const created = await tx.oauthClient.create({
      data: {
        clientId: `cli_${randomBytes(8).toString('hex')}`,
        name: body.name,
        grantTypes: body.grant_types,
        scopes: body.scopes,
        createdAt: ctx.now,
      },
      select: fields,
    });
    await recordAudit(tx, ctx, {
      action: 'oauth_client.created',
      targetId: created.id,
      details: { name: created.name, client_id: created.clientId, scopes: created.scopes },
    });
    return created;
  });
  return toDto(row);
}

/** PUT /admin/oauth-clients/{id}: disabling ends the client's tokens at once. */
export async function updateClient(
  ctx: SignedInContext,
  { id, ...body }: z.output<typeof OauthClientUpdateSchema> & { id: number },
): Promise<OauthClientDto> {
  const row = await transaction(ctx.prisma, async (tx) => {
    const before = await tx.oauthClient.findUnique({ where: { id }, select: fields });
    if (!before) throw notFound(text(OAUTH_CLIENT_NOT_FOUND));
    const disabledAt =
      body.disabled === undefined ? before.disabledAt : body.disabled ? (before.disabledAt ?? ctx.now) : null;
    const after = await tx.oauthClient.update({
      where: { id },
      data: { name: body.name ?? before.name, scopes: body.scopes ?? before.scopes, disabledAt },
      select: fields,
    });
    if (disabledAt && !before.disabledAt) await tx.session.deleteMany({ where: { oauthClientId: id } });
    const changes = changedFields(
      { name: before.name, scopes: before.scopes.join(' '), disabled: before.disabledAt !== null },
      { name: after.name, scopes: after.scopes.join(' '), disabled: after.disabledAt !== null },
    );
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, ctx, { action: 'oauth_client.updated', targetId: id, details: { changes } });
    }
    return after;
  });
  return toDto(row);
}

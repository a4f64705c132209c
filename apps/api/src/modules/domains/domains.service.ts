import { randomBytes } from 'node:crypto';
import {
  DOMAIN_NOT_FOUND,
  DOMAINS_PER_ORGANIZATION,
  type DomainCreateSchema,
  type OrganizationDomain as DomainDto,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import { mapPrismaErrors } from '../../lib/prisma-errors';
import { type Db, transaction } from '../../plugins/db/database';
import { requireManage } from '../organizations/organizations.access';
import { toDomainDto } from './domains.mapper';

// Verified domains (issue 30; decision 0271; docs/authorization/domains.md): the owner, organization admins
// and site admins of the organization list, add and remove them; the DNS check is domains.verify.ts.

export const ALREADY_ADDED = trId('Этот домен уже добавлен');
export const TAKEN_ELSEWHERE = trId('Этот домен уже подтвердила другая организация');

/** A refusal about the typed domain: the form shows it under its field (decision 0164). */
export const domainConflict = (message: string) => conflict(message, { domain: [message] });

/** The token of the TXT record's value: 24 random bytes, base64url (32 characters). */
const newToken = () => randomBytes(24).toString('base64url');

/** Whether another organization holds `domain` verified (one organization at a time, issue 30). */
export async function verifiedElsewhere(db: Db, organizationId: number, domain: string): Promise<boolean> {
  const found = await db.organizationDomain.findFirst({
    where: { domain, verifiedAt: { not: null }, organizationId: { not: organizationId } },
    select: { id: true },
  });
  return found !== null;
}

/** The organization's domain `did` after the manage rule; another organization's id is 404. */
export async function requireDomain(ctx: SignedInContext, { id, did }: { id: number; did: number }) {
  await requireManage(ctx, id);
  const row = await ctx.prisma.organizationDomain.findFirst({ where: { id: did, organizationId: id } });
  if (!row) throw notFound(text(DOMAIN_NOT_FOUND));
  return row;
}

export async function listDomains(ctx: SignedInContext, { id }: { id: number }): Promise<DomainDto[]> {
  await requireManage(ctx, id);
  const rows = await ctx.prisma.organizationDomain.findMany({
    where: { organizationId: id },
    orderBy: { id: 'asc' },
  });
  return rows.map(toDomainDto);
}

export async function addDomain(
  ctx: SignedInContext,
  { id }: { id: number },
  { domain }: z.output<typeof DomainCreateSchema>,
): Promise<DomainDto> {
  await requireManage(ctx, id);
  const row = await mapPrismaErrors(
    () =>
      transaction(ctx.prisma, async (tx) => {
        // One add at a time per organization, so the count below cannot be passed by two at once.
        await tx.$executeRaw`SELECT 1 FROM organizations WHERE id = ${id} FOR UPDATE`;
        const mine = await tx.organizationDomain.findFirst({
          where: { organizationId: id, domain },
          select: { id: true },
        });
        if (mine) throw domainConflict(tr(ALREADY_ADDED));
        const count = await tx.organizationDomain.count({ where: { organizationId: id } });
        if (count >= DOMAINS_PER_ORGANIZATION)
          throw domainConflict(
            tr('Не более {max} доменов в одной организации', { max: DOMAINS_PER_ORGANIZATION }),
          );
        if (await verifiedElsewhere(tx, id, domain)) throw domainConflict(tr(TAKEN_ELSEWHERE));
        const created = await tx.organizationDomain.create({
          data: { organizationId: id, domain, token: newToken() },
        });
        await recordAudit(tx, ctx, {
          action: 'domain.added',
          targetId: created.id,
          organizationId: id,
          details: { domain },
        });
        return created;
      }),
    { unique: domainConflict(tr(ALREADY_ADDED)) },
  );
  return toDomainDto(row);
}

export async function removeDomain(ctx: SignedInContext, params: { id: number; did: number }): Promise<void> {
  const row = await requireDomain(ctx, params);
  await transaction(ctx.prisma, async (tx) => {
    const { count } = await tx.organizationDomain.deleteMany({ where: { id: row.id } });
    // Removed by a call a moment earlier: that one recorded it.
    if (count === 0) return;
    await recordAudit(tx, ctx, {
      action: 'domain.removed',
      targetId: row.id,
      organizationId: row.organizationId,
      details: { domain: row.domain, was_verified: row.verifiedAt !== null },
    });
  });
}

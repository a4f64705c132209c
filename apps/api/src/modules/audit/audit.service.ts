import {
  type AuditCursor,
  type AuditEvent,
  type AuditListMeta,
  MEMBER_TYPE_ADMIN,
  MEMBER_TYPE_OWNER,
} from '@cabinet/contracts';
import { forbidden } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { isActiveMember, requireRead } from '../organizations/organizations.access';
import { type AuditFilter, auditPage } from './audit.query';

// GET /organizations/{id}/audit and GET /admin/audit (docs/authorization/audit.md).

/**
 * Member types that read their organization's 'Журнал', besides site admins: the owner and organization
 * admins (type 3, who manage it; decision 0132).
 */
const AUDIT_READER_MEMBER_TYPES: readonly number[] = [MEMBER_TYPE_OWNER, MEMBER_TYPE_ADMIN];

export const AUDIT_FORBIDDEN = 'Журнал организации доступен её владельцу и администраторам';

export interface AuditPageInput extends Omit<AuditFilter, 'organizationId'> {
  perPage: number;
  cursor?: AuditCursor | undefined;
}

export interface AuditPage {
  items: AuditEvent[];
  meta: AuditListMeta;
}

/** Strangers get 404 as everywhere in the area; members who may not read the log, 403. */
async function requireAuditReader(ctx: SignedInContext, organizationId: number) {
  const access = await requireRead(ctx, organizationId);
  if (ctx.actor.isAdmin) return;
  const reader =
    access.isOwner ||
    (isActiveMember(access) && AUDIT_READER_MEMBER_TYPES.includes(access.membership?.typeId ?? 0));
  if (!reader) throw forbidden(AUDIT_FORBIDDEN);
}

async function page(ctx: SignedInContext, filter: AuditFilter, input: AuditPageInput): Promise<AuditPage> {
  const { items, nextCursor } = await auditPage(ctx.prisma, filter, input);
  return { items, meta: { perPage: input.perPage, next_cursor: nextCursor } };
}

const filterOf = ({ actorId, action, from, to }: AuditPageInput): AuditFilter => ({
  actorId,
  action,
  from,
  to,
});

export async function listOrganizationAudit(
  ctx: SignedInContext,
  { organizationId, ...input }: AuditPageInput & { organizationId: number },
): Promise<AuditPage> {
  await requireAuditReader(ctx, organizationId);
  return page(ctx, { ...filterOf(input), organizationId }, input);
}

/** Admins only (the table entry's role). */
export async function listAdminAudit(
  ctx: SignedInContext,
  { organizationId, ...input }: AuditPageInput & { organizationId?: number | undefined },
): Promise<AuditPage> {
  return page(ctx, { ...filterOf(input), organizationId }, input);
}

import {
  type AuditCursor,
  type AuditEvent,
  type AuditListMeta,
  MEMBER_TYPE_ADMIN,
  MEMBER_TYPE_OWNER,
  ORGANIZATION_NOT_FOUND,
  type OrganizationAuditEvent,
} from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import { forbidden, notFound } from '../../lib/app-error';
import type { SignedInContext } from '../../lib/context';
import { tr, trId } from '../../lib/i18n';
import type { JsonText } from '../../lib/sql';
import { mayRead } from '../organizations/organizations.access';
import { type AuditFilter, auditPage, organizationAuditPage } from './audit.query';

// GET /organizations/{id}/audit and GET /admin/audit (docs/authorization/audit.md).

/**
 * Member types that read their organization's 'Журнал', besides site admins: the owner and organization
 * admins (type 3, who manage it; decision 0132).
 */
const AUDIT_READER_MEMBER_TYPES: readonly number[] = [MEMBER_TYPE_OWNER, MEMBER_TYPE_ADMIN];

export const AUDIT_FORBIDDEN = trId('Журнал организации доступен её владельцу и администраторам');

export interface AuditPageInput extends Omit<AuditFilter, 'organizationId'> {
  perPage: number;
  cursor?: AuditCursor | undefined;
}

export interface AuditPage<E = AuditEvent> {
  /** PostgreSQL's JSON text, sent as it is (keysetListOkJson). */
  items: JsonText<E[]>;
  meta: AuditListMeta;
}

async function page(ctx: SignedInContext, filter: AuditFilter, input: AuditPageInput): Promise<AuditPage> {
  const { items, nextCursor } = await auditPage(ctx.pool, filter, input);
  return { items, meta: { perPage: input.perPage, next_cursor: nextCursor } };
}

const filterOf = ({ actorId, action, from, to }: AuditPageInput): AuditFilter => ({
  actorId,
  action,
  from,
  to,
});

/**
 * Strangers get 404 as everywhere in the area; members who may not read the log, 403. The access check
 * and the page are one statement.
 */
export async function listOrganizationAudit(
  ctx: SignedInContext,
  { organizationId, ...input }: AuditPageInput & { organizationId: number },
): Promise<AuditPage<OrganizationAuditEvent>> {
  const { actor } = ctx;
  const viewer = { userId: actor.userId, isAdmin: actor.isAdmin, readerTypes: AUDIT_READER_MEMBER_TYPES };
  const result = await organizationAuditPage(ctx.pool, viewer, { ...filterOf(input), organizationId }, input);
  if (!result.found || !mayRead(ctx, result.status)) throw notFound(text(ORGANIZATION_NOT_FOUND));
  if (!result.reader) throw forbidden(tr(AUDIT_FORBIDDEN));
  // The statement answered the organization's shape (no address, no user agent; decision 0193).
  const items = result.items as unknown as JsonText<OrganizationAuditEvent[]>;
  return { items, meta: { perPage: input.perPage, next_cursor: result.nextCursor } };
}

/** Admins only (the table entry's role). */
export async function listAdminAudit(
  ctx: SignedInContext,
  { organizationId, ...input }: AuditPageInput & { organizationId?: number | undefined },
): Promise<AuditPage> {
  return page(ctx, { ...filterOf(input), organizationId }, input);
}

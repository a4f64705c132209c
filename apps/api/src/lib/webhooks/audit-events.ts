import type { AuditAction, WebhookEventType } from '@cabinet/contracts';
import type { Tx } from '../../plugins/db/database';
import { emitEvent } from './events';

// Most webhook events are the audit events an operator's systems care about (decision 0250): recordAudit
// calls emitAuditEvents in the same transaction, so every verb that records one of these actions emits its
// webhook event too, at the same place. Events with no audit action (user.created, payment.refunded) are
// emitted by their verbs with emitEvent.

const FROM_AUDIT: Partial<Record<AuditAction, WebhookEventType[]>> = {
  'organization.created': ['organization.created'],
  'organization.updated': ['organization.updated'],
  'organization.deleted': ['organization.deleted'],
  'member.added': ['member.added'],
  'join_request.accepted': ['member.added'],
  'member.removed': ['member.removed'],
  'member.left': ['member.removed'],
  'member.role_changed': ['member.role_changed'],
  'invitation.created': ['invitation.created'],
  'invitation.accepted': ['invitation.accepted'],
  'invitation.declined': ['invitation.declined'],
  'invitation.revoked': ['invitation.revoked'],
  'transfer.accepted': ['ownership.transferred'],
  'user.deleted': ['user.deleted'],
  'user.blocked': ['user.blocked'],
  'plan.purchased': ['payment.succeeded', 'plan.changed'],
  'plan.expired': ['plan.expired'],
};

export interface AuditEventFacts {
  action: AuditAction;
  targetId?: number | null;
  organizationId?: number | null;
  details?: Record<string, unknown>;
  actorId?: number | 'system';
}

/** The webhook events of one audit event, written in its transaction. */
export async function emitAuditEvents(tx: Tx, ctx: { now: Date }, entry: AuditEventFacts): Promise<void> {
  const types = FROM_AUDIT[entry.action];
  if (!types) return;
  const organizationId = entry.organizationId ?? null;
  for (const type of types) {
    await emitEvent(tx, ctx, {
      type,
      // user.* events are the install's: an organization's endpoints never receive them.
      organizationId: type.startsWith('user.') ? null : organizationId,
      data: {
        id: entry.targetId ?? null,
        ...(organizationId !== null ? { organization_id: organizationId } : {}),
        ...(typeof entry.actorId === 'number' ? { user_id: entry.actorId } : {}),
        ...entry.details,
      },
    });
  }
}

import { AUDIT_ACTIONS, type AuditAction, type AuditDetails } from '@cabinet/contracts';
import type { Tx } from '../plugins/db/database';
import type { Actor } from './context';
import { emitAuditEvents } from './webhooks/audit-events';

// The one way an event enters the audit log (docs/decisions/0145-audit-log.md): every verb that changes
// something calls recordAudit inside the transaction of its change, so the event commits exactly when
// the change does, and a change that rolls back leaves none.

/** What recordAudit needs of the request: a RequestContext fits, and so does a job's. */
export interface AuditContext {
  /** The caller; null for the system (a job) and anonymous calls. */
  actor: Pick<Actor, 'userId' | 'email'> | null;
  /** The client address as TRUST_PROXY lets it be read; null for the system. */
  ip: string | null;
  now: Date;
}

export interface AuditEntry {
  /** A code of AUDIT_ACTIONS (packages/contracts/src/audit.ts); it also gives the target's type. */
  action: AuditAction;
  /** The object acted on: its id in the table AUDIT_ACTIONS names (a user, an organization, a plan…). */
  targetId?: number | null;
  /** The organization the event belongs to: its 'Журнал' lists it. */
  organizationId?: number | null;
  /** What changed, small. Keys that look like a secret are dropped (never a code, token or secret). */
  details?: AuditDetails;
  /**
   * Who acted, when it is not ctx.actor: the account signing in, the payer of a payment notification, or
   * 'system'. Its name and e-mail are read from users in the same statement and kept in the event.
   */
  actorId?: number | 'system';
}

/** Never stored, whatever a caller passes: a code, a token, a hash, a key blob or a password. */
const SECRET_KEY = /(code|token|secret|password|hash|key)$/i;

function safeDetails(details: AuditDetails = {}): AuditDetails {
  return Object.fromEntries(Object.entries(details).filter(([key]) => !SECRET_KEY.test(key)));
}

/**
 * Appends one event inside `tx`. The actor's name and e-mail are copied from their account as it is now
 * (call before deleting it); an actor whose account is already gone keeps the e-mail the session knew.
 */
export async function recordAudit(tx: Tx, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  const actorId = entry.actorId === 'system' ? null : (entry.actorId ?? ctx.actor?.userId ?? null);
  const knownEmail = ctx.actor && ctx.actor.userId === actorId ? ctx.actor.email : null;
  const details = JSON.stringify(safeDetails(entry.details));
  await tx.$executeRaw`
    INSERT INTO audit_events
      (at, actor_id, actor_name, actor_email, action, target_type, target_id, organization_id, ip, details)
    SELECT ${ctx.now}, a.id, u.name, COALESCE(u.email, ${knownEmail}), ${entry.action},
           ${AUDIT_ACTIONS[entry.action]}, ${entry.targetId ?? null}::int, ${entry.organizationId ?? null}::int,
           ${ctx.ip}, ${details}::jsonb
    FROM (SELECT ${actorId}::int AS id) a LEFT JOIN users u ON u.id = a.id`;
  // The webhook events of this action, in the same transaction (decision 0250).
  await emitAuditEvents(tx, ctx, { ...entry, details: safeDetails(entry.details) });
}

type Plain = string | number | boolean | null;

/**
 * The details of an update: `{field: {from, to}}` for each field of `after` whose value differs from
 * `before` (fields `after` leaves undefined are unchanged). Empty when nothing changed.
 */
export function changedFields(
  before: Record<string, Plain>,
  after: Record<string, Plain | undefined>,
): Record<string, { from: Plain; to: Plain }> {
  const changes: Record<string, { from: Plain; to: Plain }> = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before[field] ?? null;
    if (to !== undefined && to !== from) changes[field] = { from, to };
  }
  return changes;
}

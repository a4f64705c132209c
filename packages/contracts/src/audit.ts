import { z } from 'zod';

// The audit log (issue 14; docs/decisions/0145-audit-log.md, 0146-audit-actions.md): who did what, kept
// append-only. The action codes and their words are in audit-actions.ts; the lists' filters and keyset
// pages in audit-query.ts.

/** Who acted, as they were at the time: kept in the event, so it outlives the account. */
export const AuditActorSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type AuditActor = z.infer<typeof AuditActorSchema>;

/** A JSON value of an event's details: what changed, never a code, token or secret. */
export type AuditDetails = Record<string, unknown>;

export const AuditEventSchema = z.object({
  id: z.number().int(),
  /** When, ISO 8601. */
  at: z.string(),
  /** null only for the system. */
  actor: AuditActorSchema.nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.number().int().nullable(),
  organization_id: z.number().int().nullable(),
  /** The client address as TRUST_PROXY lets it be read (decision 0080). */
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/**
 * An event of an organization's 'Журнал' (GET /organizations/{id}/audit): no client address, and no user
 * agent or address in its details either; site admins see those in /admin/audit (decision 0193).
 */
export const OrganizationAuditEventSchema = AuditEventSchema.omit({ ip: true });
export type OrganizationAuditEvent = z.infer<typeof OrganizationAuditEventSchema>;

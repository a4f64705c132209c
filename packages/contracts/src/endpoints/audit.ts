import {
  AdminAuditFilterSchema,
  AdminAuditQuerySchema,
  AuditListResponseSchema,
  OrganizationAuditListResponseSchema,
  OrganizationAuditQuerySchema,
} from '../audit-query';
import { IdParamsSchema } from '../common';
import { defineEndpoint } from '../endpoint';

// The audit log (issue 14): an organization's events for its owner (organization admins too, with issue
// 13) and site admins; every event for site admins, and their CSV export. Newest first, keyset pages.

const tag = 'audit';

export const auditEndpoints = {
  organization: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/organizations/{id}/audit',
    tag,
    roles: ['user'],
    summary: "The organization's audit log, newest first (its owner and site admins)",
    description:
      'Keyset pages: pass meta.next_cursor back as `cursor` for the next page (null: the last). Filters: ' +
      'action, actor_id, from and to (inclusive; a date alone is a whole UTC day).',
    params: IdParamsSchema,
    query: OrganizationAuditQuerySchema,
    // No client address or user agent: those are the site admins' (decision 0193).
    response: OrganizationAuditListResponseSchema,
  }),
  admin: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/admin/audit',
    tag,
    roles: ['admin'],
    summary: 'Every audit event, newest first (admins)',
    description:
      'Keyset pages: pass meta.next_cursor back as `cursor` for the next page (null: the last). Filters: ' +
      'action, actor_id, organization_id, from and to (inclusive; a date alone is a whole UTC day).',
    query: AdminAuditQuerySchema,
    response: AuditListResponseSchema,
  }),
  adminExport: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/admin/audit/export',
    tag,
    roles: ['admin'],
    summary: 'Every audit event matching the filters as CSV, newest first, streamed (admins)',
    description:
      "The admin list's filters; UTF-8 with a byte order mark, comma-separated, RFC 4180 quoting; a cell " +
      "starting with = + - @ (or a tab or carriage return) gets a leading ' so spreadsheets do not run it.",
    query: AdminAuditFilterSchema,
    response: null,
    produces: 'text/csv',
  }),
};

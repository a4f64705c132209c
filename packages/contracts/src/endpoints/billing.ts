import {
  AdminPaymentFilterSchema,
  AdminPaymentListQuerySchema,
  AdminPaymentListResponseSchema,
  JobParamsSchema,
  JobRunResponseSchema,
  ReceiptResponseSchema,
  RevenueQuerySchema,
  RevenueResponseSchema,
} from '../billing';
import { IdParamsSchema } from '../common';
import { defineEndpoint } from '../endpoint';

// Billing (issue 15): the receipt of a payment, the jobs admins run by hand, the revenue dashboard and the
// admins' payments list with its CSV (docs/decisions/0150..0155; docs/authorization.md).

const tag = 'billing';

export const billingEndpoints = {
  receipt: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/payments/{id}/receipt',
    tag,
    roles: ['user'],
    tokens: true,
    summary: "A paid order's receipt (its payer, or a site admin; anyone else gets 404)",
    params: IdParamsSchema,
    response: ReceiptResponseSchema,
  }),
  runJob: defineEndpoint({
    method: 'POST',
    path: '/api/v1/rest/admin/jobs/{name}/run',
    tag,
    roles: ['admin'],
    summary:
      'Runs a scheduled job now and answers when it is done (admins); running it twice sends nothing twice',
    description:
      'Jobs: plan-reminders (reminders and end-of-plan mails), plan-expiry (the end of the grace period), ' +
      'plan-renewals (charges saved YooKassa methods before the plan ends), ' +
      'purge-unverified-accounts, prune-audit-events, prune-webauthn-challenges, prune-user-lookups, mail-outbox (sends the mails ' +
      'waiting in the outbox), prune-mail-outbox (deletes outbox rows older than 30 days). An unknown name is 404.',
    params: JobParamsSchema,
    response: JobRunResponseSchema,
  }),
  revenue: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/admin/revenue',
    tag,
    roles: ['admin'],
    summary: "The 'Выручка' dashboard: revenue by month, paying users by plan, new accounts by week (admins)",
    description: 'Test payments are left out everywhere; amounts are money strings with 2 decimals.',
    query: RevenueQuerySchema,
    response: RevenueResponseSchema,
  }),
  payments: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/admin/payments',
    tag,
    roles: ['admin'],
    summary: 'Every payment order, newest first, with filters (admins)',
    description:
      'Filters: plan_id, period (month|year), status (pending|paid|refund), from and to (YYYY-MM-DD, both ' +
      'inclusive, UTC, on the creation date), test (true|false).',
    query: AdminPaymentListQuerySchema,
    response: AdminPaymentListResponseSchema,
  }),
  paymentsExport: defineEndpoint({
    method: 'GET',
    path: '/api/v1/rest/admin/payments/export',
    tag,
    roles: ['admin'],
    summary: 'Every payment order matching the filters as CSV, newest first, streamed (admins)',
    description:
      "The list's filters; UTF-8 with a byte order mark, comma-separated, RFC 4180 quoting; a cell starting " +
      "with = + - @ (or a tab or carriage return) gets a leading ' so spreadsheets do not run it.",
    query: AdminPaymentFilterSchema,
    response: null,
    produces: 'text/csv',
  }),
};

import { z } from 'zod';
import { envelope, IdSchema, listEnvelope, MoneySchema, PaginationQuerySchema } from './common';
import { says, text, textId } from './i18n/text';
import { orderPurchaseFields, PaymentPayerSchema, PaymentSchema } from './payments';

// Billing that keeps customers (issue 15): receipts, the background jobs an admin can run, the revenue
// dashboard and the admins' payments list (docs/decisions/0150..0155).

// ---- Receipts (decision 0154) ----

/** GET /api/v1/rest/payments/{id}/receipt: a paid order as its printable receipt shows it. */
export const ReceiptSchema = z.object({
  payment_id: z.number().int(),
  ...orderPurchaseFields,
  paid_at: z.string(),
  /** Start of the time this payment bought, and the plan's new end date (null: an end-less grant stays so). */
  term_start: z.string().nullable(),
  granted_until: z.string().nullable(),
  /** The payer: the account's name and e-mail (the e-mail kept on the order once the account is gone). */
  user: z.object({ name: z.string(), email: z.string() }),
  /** A sandbox payment of test mode: no money moved. */
  test: z.boolean(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
export const ReceiptResponseSchema = envelope(ReceiptSchema);

// ---- Background jobs (decisions 0150 and 0152) ----

/** The jobs an admin (or an operator) may run now by name. */
export const RUNNABLE_JOBS = [
  'plan-reminders',
  'plan-expiry',
  'purge-unverified-accounts',
  'prune-audit-events',
  'prune-webauthn-challenges',
  'prune-user-lookups',
  'mail-outbox',
  'prune-mail-outbox',
] as const;
export type RunnableJob = (typeof RUNNABLE_JOBS)[number];
export const JOB_NOT_FOUND = textId('Задача не найдена');

/** POST /admin/jobs/{name}/run: any short name; an unknown one is answered 404 'Задача не найдена'. */
export const JobParamsSchema = z
  .object({
    name: z
      .string(says('Обязательное поле'))
      .regex(/^[a-z0-9-]{1,64}$/, says('Имя задачи: латинские буквы, цифры и дефис, не более 64 символов')),
  })
  .strict();
export const JobRunSchema = z.object({
  name: z.string(),
  /** What the run handled: mails queued, users moved, rows deleted (by job). */
  processed: z.number().int(),
});
export type JobRun = z.infer<typeof JobRunSchema>;
export const JobRunResponseSchema = envelope(JobRunSchema);

// ---- Revenue dashboard (decision 0155) ----

/** GET /admin/revenue?months=12: how many months back, this one included (1 to 36). */
export const RevenueQuerySchema = z
  .object({
    months: z
      .union([z.string(), z.number()])
      .transform((v, ctx) => {
        const s = String(v).trim();
        if (!/^\d{1,2}$/.test(s) || Number(s) < 1 || Number(s) > 36) {
          ctx.addIssue({ code: 'custom', message: text('months: ожидается целое число от 1 до 36') });
          return z.NEVER;
        }
        return Number(s);
      })
      .default(12),
    /**
     * 'true': the figures of test payments only (a test-mode server's preview before going live, issue 34);
     * absent or 'false': the live figures, which never include a test payment.
     */
    test: z
      .enum(['true', 'false'], says('test: ожидается true или false'))
      .optional()
      .transform((v) => v === 'true'),
  })
  .strict();
export type RevenueQuery = z.input<typeof RevenueQuerySchema>;

export const RevenueSchema = z.object({
  /** One entry per month, oldest first, months without payments included ('YYYY-MM', UTC). */
  by_month: z.array(z.object({ month: z.string(), amount: MoneySchema, payments: z.number().int() })),
  /** Users on each paid plan now (grace period included). */
  by_plan: z.array(z.object({ plan_id: z.number().int(), name: z.string(), paying_users: z.number().int() })),
  /** Users whose paid time covered some of the month, by plan. */
  by_plan_month: z.array(
    z.object({ month: z.string(), plan_id: z.number().int(), paying_users: z.number().int() }),
  ),
  /** Accounts created per week, by the week's Monday ('YYYY-MM-DD', UTC), oldest first, zero weeks included. */
  new_users_by_week: z.array(z.object({ week: z.string(), count: z.number().int() })),
  paying_users: z.number().int(),
  total_users: z.number().int(),
  /** Paid plans ending within the next 30 days. */
  renewals_next_30_days: z.number().int(),
});
export type Revenue = z.infer<typeof RevenueSchema>;
export const RevenueResponseSchema = envelope(RevenueSchema);

// ---- The admins' payments list and its CSV (decision 0155) ----

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A whole UTC day: `from` is its first instant, `to` the first instant after it (both ends inclusive). */
const day = (edge: 'from' | 'to') =>
  z.string().transform((typed, ctx) => {
    const ms = DAY_PATTERN.test(typed) ? Date.parse(`${typed}T00:00:00Z`) : Number.NaN;
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== typed) {
      ctx.addIssue({ code: 'custom', message: text('Ожидается дата в виде ГГГГ-ММ-ДД (2026-01-31)') });
      return z.NEVER;
    }
    return new Date(edge === 'from' ? ms : ms + 24 * 60 * 60 * 1000);
  });

export const AdminPaymentStatusSchema = z.enum(
  ['pending', 'paid', 'refund'],
  says('status: ожидается pending, paid или refund'),
);
export type AdminPaymentStatus = z.infer<typeof AdminPaymentStatusSchema>;

const paymentFilterFields = {
  plan_id: IdSchema.optional(),
  period: z.enum(['month', 'year'], says('period: ожидается month или year')).optional(),
  /** pending and paid are the order's state; refund: orders with a refund case (money to return). */
  status: AdminPaymentStatusSchema.optional(),
  /** Creation date of the order, both inclusive, UTC days; parsed into [from, to). */
  from: day('from').optional(),
  to: day('to').optional(),
  /** true: sandbox payments only; false: real ones only; absent: both. */
  test: z
    .enum(['true', 'false'], says('test: ожидается true или false'))
    .transform((v) => v === 'true')
    .optional(),
};
const rangeInOrder = (q: { from?: Date | undefined; to?: Date | undefined }) =>
  !q.from || !q.to || q.from < q.to;
const rangeIssue = { ...says('Дата «с» позже даты «по»'), path: ['to'] };

/** GET /admin/payments/export: the list's filters, every matching order. */
export const AdminPaymentFilterSchema = z
  .object(paymentFilterFields)
  .strict()
  .refine(rangeInOrder, rangeIssue);
export type AdminPaymentFilter = z.input<typeof AdminPaymentFilterSchema>;

/** GET /admin/payments: page, perPage and the filters; newest first. */
export const AdminPaymentListQuerySchema = PaginationQuerySchema.extend(paymentFilterFields)
  .strict()
  .refine(rangeInOrder, rangeIssue);
export type AdminPaymentListQuery = z.input<typeof AdminPaymentListQuerySchema>;

/** One order of the admins' list: the history's row, always with its payer, and whether it has a refund case. */
export const AdminPaymentSchema = PaymentSchema.extend({
  user: PaymentPayerSchema,
  refund: z.boolean(),
  /** A renewal charge YooKassa never answered for 24 h: 'Требует проверки' (decision 0206). */
  needs_review: z.boolean().default(false),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
export const AdminPaymentListResponseSchema = listEnvelope(AdminPaymentSchema);

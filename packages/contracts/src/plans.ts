import { z } from 'zod';
import {
  cleanText,
  envelope,
  hasAnyControlCharacter,
  listEnvelope,
  MessageResponseSchema,
  MoneySchema,
  NAME_CHARACTERS,
  PaginationQuerySchema,
  SortOrderSchema,
} from './common';
import { type ContractsText, says, text, textId } from './i18n/text';
import { NAME_MAX, NAME_MIN, PLAN_COUNT_MAX, PLAN_DESCRIPTION_MAX, SUPPORT_TYPE_ID } from './limits';

// Plans (tariffs, "subscribes" in the API): spec sections 3, 5, 7, 9; product-decisions "Plans and payments".
// The list query syntax is docs/decisions/0020-plan-list-query.md.

/** Tariff (subscribe) entity, spec section 3. Prices are strings with 2 decimals ('990.00'). */
export const PlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price_month: MoneySchema,
  price_year: MoneySchema,
  max_members: z.number().int(),
  max_organizations: z.number().int(),
  support_type_id: z.number().int(),
  /** 'Единый вход (SSO) и SCIM' (issue 30, decision 0270): an organization's SSO and SCIM work on it. */
  sso: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** The highest price a plan may have (the column holds more; 8 integer digits is plenty for rubles). */
export const PLAN_PRICE_MAX = '99999999.99';

const MESSAGES = {
  required: textId('Обязательное поле'),
  nameMin: textId('Название должно содержать минимум 2 символа'),
  nameMax: textId('Название не должно превышать 40 символов'),
  description: textId('Не более 512 символов'),
  members: textId('Не более 99 пользователей'),
  organizations: textId('Не более 99 организаций'),
  priceFormat: textId('Введите сумму не меньше 0 и не более чем с 2 знаками после запятой'),
  priceMax: textId('Не более 99 999 999,99 ₽'),
  atLeastOne: textId('Не менее 1'),
  supportType: textId('Тип поддержки: допустимо только значение 1'),
} as const;
/** The required field's check, shared by every field of the plan's forms. */
const required = says(MESSAGES.required);

const PRICE_TEXT = /^\d{1,8}(\.\d{1,2})?$/;

/** '990' → '990.00', '9.5' → '9.50'. The input must already match PRICE_TEXT. */
const toMoney = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return `${String(Number(whole))}.${fraction.padEnd(2, '0')}`;
};

/**
 * A price in a request: a JSON number or a string, ≥ 0, at most 2 decimals, at most 99,999,999.99.
 * Comes out as the money string '990.00'. Numbers are read through their shortest text, so 0.1 + 0.2
 * (0.30000000000000004) and 1e20 are refused rather than silently rounded.
 */
export const PriceInputSchema = z
  .union([z.string(), z.number()], says(MESSAGES.priceFormat))
  .transform((value, ctx) => {
    const typed = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
    if (!PRICE_TEXT.test(typed)) {
      const tooBig =
        /^\d{9,}(\.\d{1,2})?$/.test(typed) || (typeof value === 'number' && value > 99_999_999.99);
      ctx.addIssue({ code: 'custom', message: text(tooBig ? MESSAGES.priceMax : MESSAGES.priceFormat) });
      return z.NEVER;
    }
    return toMoney(typed);
  });

/** A plan limit (organizations, members): an integer 1..99, as a JSON number or a string of digits. */
const countInput = (tooMany: ContractsText) =>
  z.union([z.number(), z.string()], required).transform((value, ctx) => {
    const typed = typeof value === 'number' ? String(value) : value.trim();
    if (!/^\d{1,10}$/.test(typed)) {
      ctx.addIssue({ code: 'custom', message: text('Ожидается целое число от 1 до 99') });
      return z.NEVER;
    }
    const count = Number(typed);
    if (count < 1) ctx.addIssue({ code: 'custom', message: text(MESSAGES.atLeastOne) });
    else if (count > PLAN_COUNT_MAX) ctx.addIssue({ code: 'custom', message: text(tooMany) });
    return count;
  });

const planNameSchema = cleanText(
  z
    .string(required)
    .refine((s) => !hasAnyControlCharacter(s), says(NAME_CHARACTERS))
    .min(1, required)
    .max(NAME_MAX * 4, says(MESSAGES.nameMax)),
).pipe(z.string().min(NAME_MIN, says(MESSAGES.nameMin)).max(NAME_MAX, says(MESSAGES.nameMax)));

const descriptionSchema = cleanText(z.string(required).max(PLAN_DESCRIPTION_MAX, says(MESSAGES.description)));

const planBody = {
  name: planNameSchema,
  price_month: PriceInputSchema,
  price_year: PriceInputSchema,
  max_members: countInput(MESSAGES.members),
  max_organizations: countInput(MESSAGES.organizations),
  /** Always 1 (spec section 9); may be left out. */
  support_type_id: z.literal(SUPPORT_TYPE_ID, says(MESSAGES.supportType)).default(SUPPORT_TYPE_ID),
};
/** 'Единый вход (SSO) и SCIM' (decision 0270): a create without it is false, an update without it keeps it. */
const ssoSchema = z.boolean(says('sso: ожидается true или false'));

/** POST /api/v1/rest/subscribes (admins). */
export const PlanCreateRequestSchema = z
  .object({
    ...planBody,
    description: descriptionSchema.pipe(z.string().min(1, required)),
    sso: ssoSchema.default(false),
  })
  .strict();
export type PlanCreateRequest = z.input<typeof PlanCreateRequestSchema>;

/** PUT /api/v1/rest/subscribes/{id} (admins): the same body, description and sso may be left out. */
export const PlanUpdateRequestSchema = z
  .object({ ...planBody, description: descriptionSchema.optional(), sso: ssoSchema.optional() })
  .strict();
export type PlanUpdateRequest = z.input<typeof PlanUpdateRequestSchema>;

export const PLAN_SORT_FIELDS = [
  'id',
  'name',
  'description',
  'price_year',
  'price_month',
  'max_organizations',
  'max_members',
  'support_type_id',
  'created_at',
  'updated_at',
] as const;
const sortBy = says('sort_by: ожидается одно из {fields}', { fields: PLAN_SORT_FIELDS.join(', ') });
export const PlanSortFieldSchema = z.enum(PLAN_SORT_FIELDS, sortBy);
export type PlanSortField = z.infer<typeof PlanSortFieldSchema>;

const queryMoney = PriceInputSchema;
const queryInt = z
  .string()
  .regex(/^\d{1,9}$/, says('Ожидается целое неотрицательное число'))
  .transform(Number);
const queryDate = z
  .string()
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)),
    says('Ожидается дата в формате ISO 8601, например 2026-01-31 или 2026-01-31T12:00:00Z'),
  )
  .transform((s) => new Date(s));
const queryText = cleanText(z.string().max(512, says('Не более {max} символов', { max: 512 })));

/**
 * GET /api/v1/rest/subscribes. Flat keys: page, perPage, sort_by, order; name and description match a
 * substring (case-insensitive); id and support_type_id match exactly; <field>_min/<field>_max bound
 * prices and limits (inclusive); created_at_from/_to and updated_at_from/_to bound dates (inclusive).
 * Any other key is a 400.
 */
export const PlanListQuerySchema = PaginationQuerySchema.extend({
  sort_by: PlanSortFieldSchema.default('id'),
  order: SortOrderSchema.default('asc'),
  id: queryInt.optional(),
  name: queryText.optional(),
  description: queryText.optional(),
  price_month_min: queryMoney.optional(),
  price_month_max: queryMoney.optional(),
  price_year_min: queryMoney.optional(),
  price_year_max: queryMoney.optional(),
  max_members_min: queryInt.optional(),
  max_members_max: queryInt.optional(),
  max_organizations_min: queryInt.optional(),
  max_organizations_max: queryInt.optional(),
  support_type_id: queryInt.optional(),
  created_at_from: queryDate.optional(),
  created_at_to: queryDate.optional(),
  updated_at_from: queryDate.optional(),
  updated_at_to: queryDate.optional(),
}).strict();
export type PlanListQuery = z.input<typeof PlanListQuerySchema>;

export const PlanResponseSchema = envelope(PlanSchema);
export const PlanListResponseSchema = listEnvelope(PlanSchema);
export const PlanDeleteResponseSchema = MessageResponseSchema;

/**
 * GET /api/v1/rest/subscribes/{id}/deletion (admins): whether the plan can be deleted now and, if not, the
 * reason DELETE would answer and how many users hold the plan (docs/decisions/0163).
 */
export const PlanDeletionSchema = z.object({
  deletable: z.boolean(),
  reason: z.string().nullable(),
  holders: z.number().int(),
});
export type PlanDeletion = z.infer<typeof PlanDeletionSchema>;
export const PlanDeletionResponseSchema = envelope(PlanDeletionSchema);

/** A count for the admin home widgets (GET /api/v1/rest/admin/*-count). */
export const CountResponseSchema = envelope(z.object({ count: z.number().int() }));
export type CountResponse = z.infer<typeof CountResponseSchema>;

// ---- The web's tariff form (spec section 5) ----

/**
 * What the price box keeps while typing: digits and one decimal separator (a comma becomes a dot),
 * at most 2 decimals and 8 integer digits. '12,345' → '12.34', 'abc' → '', '007' stays as typed.
 */
export function truncatePriceInput(text: string): string {
  const cleaned = text.replace(',', '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot === -1) return cleaned.slice(0, 8);
  const whole = cleaned.slice(0, dot).slice(0, 8);
  const fraction = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${whole}.${fraction}`;
}

const priceText = z
  .string(required)
  .trim()
  .min(1, required)
  .transform((s) => s.replace(',', '.'))
  .refine((s) => /^\d+(\.\d{0,2})?$/.test(s), says(MESSAGES.priceFormat))
  .refine((s) => /^\d{1,8}(\.\d{0,2})?$/.test(s), says(MESSAGES.priceMax));

/**
 * A whole count as typed: nothing is changed while typing (issue 34, rule 7), so '-5' and '2.5' are errors
 * under the field, in this order: empty, not a number, below 1, not whole, above 99.
 */
const countText = (tooMany: ContractsText) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .superRefine((s, ctx) => {
      const fail = (message: ContractsText) => ctx.addIssue({ code: 'custom', message: text(message) });
      if (!/^[-+]?\d+([.,]\d*)?$/.test(s)) return fail(textId('Введите целое число'));
      const value = Number(s.replace(',', '.'));
      if (value < 1) return fail(MESSAGES.atLeastOne);
      if (!Number.isInteger(value)) return fail(textId('Только целое число'));
      if (!/^\+?\d{1,2}$/.test(s) || value > 99) return fail(tooMany);
    })
    .transform((s) => String(Number(s)));

const planFormBase = {
  name: z
    .string(required)
    .refine((s) => !hasAnyControlCharacter(s), says(NAME_CHARACTERS))
    .trim()
    .min(1, required)
    .min(NAME_MIN, says(MESSAGES.nameMin))
    .max(NAME_MAX, says(MESSAGES.nameMax)),
  priceMonth: priceText,
  priceYear: priceText,
  maxOrganizations: countText(MESSAGES.organizations),
  maxMembers: countText(MESSAGES.members),
  supportTypeId: z.literal(SUPPORT_TYPE_ID),
  /** The switch 'Единый вход (SSO) и SCIM'; off unless set. */
  sso: z.boolean().default(false),
};

const planEditDescription = z.string().trim().max(PLAN_DESCRIPTION_MAX, says(MESSAGES.description));
/** 'Создание тарифа': the description is required. */
export const PlanFormSchema = z.object({
  ...planFormBase,
  description: planEditDescription.min(1, required),
});
export type PlanFormValues = z.input<typeof PlanFormSchema>;

/** Tariff settings: the same form, the description may stay empty. */
export const PlanEditFormSchema = z.object({
  ...planFormBase,
  description: planEditDescription,
});
export type PlanEditFormValues = z.input<typeof PlanEditFormSchema>;

/** The request body for a valid form (create or edit). */
export function planFormToRequest(values: z.output<typeof PlanEditFormSchema>): PlanUpdateRequest {
  return {
    name: values.name,
    description: values.description,
    price_month: values.priceMonth,
    price_year: values.priceYear,
    max_members: Number(values.maxMembers),
    max_organizations: Number(values.maxOrganizations),
    support_type_id: values.supportTypeId,
    sso: values.sso,
  };
}

import { z } from 'zod';
import { commaList, emptyToUndefined, httpUrl, isCidr } from './env-fields';

// The payment settings of env.ts (YooMoney, YooKassa, the mode): their fields and the rules that tie them
// together (decisions 0090 and 0200). Only env.ts imports this; nothing here reads process.env.

/** YooKassa's published notification sources (yookassa.ru/developers/using-api/webhooks, "IP authentication"). */
export const YOOKASSA_NOTIFY_RANGES =
  '185.71.76.0/27,185.71.77.0/27,77.75.153.0/25,77.75.156.11,77.75.156.35,77.75.154.128/25,2a02:5180::/32';

const cidrList = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default(YOOKASSA_NOTIFY_RANGES)
    .transform((v, ctx) =>
      commaList(v, ctx, {
        isEntry: isCidr,
        problem: 'not an address or CIDR',
        example: '185.71.76.0/27,77.75.156.11',
      }),
    ),
);

export const paymentEnvFields = {
  YOOMONEY_RECEIVER: z.preprocess(emptyToUndefined, z.string().optional()),
  YOOMONEY_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  /**
   * 'test' (the sandbox or a YooKassa test shop, no money moves) or 'live'. Unset: live with real keys
   * (both YOOMONEY_*, or a YooKassa live_ key), test without; any other combination stops the server
   * (decisions 0090 and 0200).
   */
  PAYMENTS_MODE: z.preprocess(emptyToUndefined, z.enum(['test', 'live']).optional()),
  /** The provider's share that an amount may fall short of the price by (0.03 = 3 %). */
  PAYMENT_COMMISSION: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(0.5).default(0.03)),
  /** YooKassa (API v3): the shop's id and secret key, both or neither; set, it takes new checkouts (0200). */
  YOOKASSA_SHOP_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[^\s:]{1,64}$/, "the shop's id (shopId) from YooKassa's settings, such as 123456")
      .optional(),
  ),
  YOOKASSA_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\S{1,200}$/, 'a YooKassa secret key: test_… or live_…')
      .optional(),
  ),
  YOOKASSA_API_URL: httpUrl('https://api.yookassa.ru/v3'),
  /** How long one request to YooKassa may take before it counts as unanswered (decision 0201). */
  YOOKASSA_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(120_000).default(10_000),
  ),
  /** The receipt's VAT code (1 = без НДС); YooKassa's codes 1–12. */
  YOOKASSA_VAT_CODE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(12).default(1)),
  /** The seller's tax system (1–6), sent in receipts when set. */
  YOOKASSA_TAX_SYSTEM_CODE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(6).optional()),
  /** Addresses YooKassa's notifications may come from (decision 0203). */
  YOOKASSA_NOTIFY_IPS: cidrList,
  /** Days before a plan's end that a saved method is charged (decision 0206). */
  AUTO_RENEW_DAYS_BEFORE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(30).default(1)),
};

interface PaymentEnv {
  YOOMONEY_RECEIVER?: string | undefined;
  YOOMONEY_SECRET?: string | undefined;
  PAYMENTS_MODE?: 'test' | 'live' | undefined;
  YOOKASSA_SHOP_ID?: string | undefined;
  YOOKASSA_SECRET_KEY?: string | undefined;
}

/** Payments fail closed: a half-configured provider must not quietly fall back to the sandbox. */
export function refinePayments(env: PaymentEnv, ctx: z.RefinementCtx) {
  const issue = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  const pair = <T extends keyof PaymentEnv>(names: readonly [T, T], what: string) => {
    const given = names.filter((name) => env[name] !== undefined);
    if (given.length === 1) {
      const missing = names.find((name) => env[name] === undefined) as string;
      issue(missing, `required with ${given[0]} (${what})`);
    }
    return given.length === 2;
  };
  const yoomoney = pair(['YOOMONEY_RECEIVER', 'YOOMONEY_SECRET'], 'real payments');
  const yookassa = pair(['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'], 'YooKassa');
  const testKey = yookassa && env.YOOKASSA_SECRET_KEY?.startsWith('test_');
  if (env.PAYMENTS_MODE === 'live') {
    const anyGiven = (
      ['YOOMONEY_RECEIVER', 'YOOMONEY_SECRET', 'YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'] as const
    ).some((name) => env[name] !== undefined);
    if (!anyGiven) {
      issue(
        'YOOMONEY_RECEIVER',
        'required when PAYMENTS_MODE=live (or YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY)',
      );
      issue(
        'YOOMONEY_SECRET',
        'required when PAYMENTS_MODE=live (or YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY)',
      );
    }
    if (testKey) {
      issue('YOOKASSA_SECRET_KEY', "live mode refuses a test shop's key (test_…): give the live_ key");
    }
  } else if (env.PAYMENTS_MODE === 'test') {
    if (yoomoney) {
      issue(
        'PAYMENTS_MODE',
        'test mode takes no YOOMONEY_RECEIVER and YOOMONEY_SECRET: unset them or set PAYMENTS_MODE=live',
      );
    }
    if (yookassa && !testKey) {
      issue('YOOKASSA_SECRET_KEY', "test mode needs a test shop's key (test_…): or set PAYMENTS_MODE=live");
    }
  } else if (yoomoney && testKey) {
    issue('PAYMENTS_MODE', "YOOMONEY_* take real money and YooKassa's key is a test one: say which mode");
  }
}

/** The mode once the rules above hold: live with real keys, test without. */
export function resolvePaymentsMode(env: PaymentEnv): 'test' | 'live' {
  if (env.PAYMENTS_MODE) return env.PAYMENTS_MODE;
  if (env.YOOKASSA_SECRET_KEY) return env.YOOKASSA_SECRET_KEY.startsWith('test_') ? 'test' : 'live';
  return env.YOOMONEY_RECEIVER ? 'live' : 'test';
}

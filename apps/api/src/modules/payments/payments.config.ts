import type { PaymentSettings } from '@cabinet/contracts';
import { createYooKassaClient, type YooKassaClient } from '../../adapters/yookassa';
import type { Env, PaymentsMode } from '../../env';
import type { RequestContext } from '../../lib/context';
import { loadOrCreateDataDirSecret } from '../../lib/data-dir-secret';
import { tr, trId } from '../../lib/i18n';

// What checkout, the provider's notifications and the sandbox share: the mode, the receiver, the secret
// that signs notifications, and the addresses the payer is sent back to (decision 0090).

/** What the payment code needs from the configuration (resolved once per app). */
export interface PaymentsConfig {
  /** PAYMENTS_MODE=test: the sandbox stands in for YooMoney and no money moves (decision 0090). */
  testMode: boolean;
  mode: PaymentsMode;
  receiver: string;
  /** YOOMONEY_SECRET, or the one kept in DATA_DIR/payment-secret in test mode. */
  secret: string;
  publicUrl: string;
  /** The provider's share an amount may fall short of the price by (PAYMENT_COMMISSION). */
  commission: number;
  /** Who takes new checkouts: YooKassa when configured, else YooMoney, else the sandbox (decision 0200). */
  provider: PaymentProvider;
  /** The YooKassa client when YOOKASSA_* are set (its notifications are accepted whichever takes checkouts). */
  yookassa: YooKassaClient | null;
}

export type PaymentProvider = 'yoomoney' | 'yookassa' | 'test';

export const PAYMENT_SECRET_FILE = 'payment-secret';

/** Test mode's notification secret, kept in DATA_DIR so a restart keeps signatures valid (decision 0023). */
export const loadOrCreatePaymentSecret = (dataDir: string) =>
  loadOrCreateDataDirSecret(dataDir, PAYMENT_SECRET_FILE, 'payment secret');

async function resolvePaymentsConfig(env: Env): Promise<PaymentsConfig> {
  const { YOOMONEY_RECEIVER: receiver, YOOMONEY_SECRET: yoomoneySecret } = env;
  // env.ts lets live mode start only with both YooMoney settings, and test mode only with neither.
  const live = env.PAYMENTS_MODE === 'live' && receiver !== undefined && yoomoneySecret !== undefined;
  const yookassa =
    env.YOOKASSA_SHOP_ID && env.YOOKASSA_SECRET_KEY
      ? createYooKassaClient({
          shopId: env.YOOKASSA_SHOP_ID,
          secretKey: env.YOOKASSA_SECRET_KEY,
          apiUrl: env.YOOKASSA_API_URL,
          timeoutMs: env.YOOKASSA_TIMEOUT_MS,
        })
      : null;
  // With YooKassa the mode is its key's (env.ts): a test_ key is a test shop, no money moves.
  const testMode = yookassa ? env.PAYMENTS_MODE === 'test' : !live;
  return {
    provider: yookassa ? 'yookassa' : live ? 'yoomoney' : 'test',
    yookassa,
    testMode,
    mode: testMode ? 'test' : 'live',
    receiver: live ? receiver : 'test',
    secret: live ? yoomoneySecret : await loadOrCreatePaymentSecret(env.DATA_DIR),
    publicUrl: env.PUBLIC_URL,
    commission: env.PAYMENT_COMMISSION,
  };
}

const resolved = new WeakMap<Env, Promise<PaymentsConfig>>();

/**
 * The payments config of an app's configuration, resolved on first use and kept: the test-mode secret is
 * read (or made) once, as the payments routes do at start, and every call after that signs with it.
 */
export function paymentsConfig(env: Env): Promise<PaymentsConfig> {
  let config = resolved.get(env);
  if (!config) {
    config = resolvePaymentsConfig(env);
    resolved.set(env, config);
  }
  return config;
}

/** GET /api/v1/rest/payments/settings: the cabinet shows a 'Тестовый режим' badge in test mode. */
export async function getPaymentSettings(ctx: RequestContext): Promise<PaymentSettings> {
  const { testMode, mode, provider } = await paymentsConfig(ctx.config);
  if (provider !== 'yookassa') return { test_mode: testMode, mode };
  return { test_mode: testMode, mode, provider, auto_renew_days_before: ctx.config.AUTO_RENEW_DAYS_BEFORE };
}

export const successUrl = (config: PaymentsConfig) => `${config.publicUrl}/app/subscription?payment=success`;
export const cancelUrl = (config: PaymentsConfig) => `${config.publicUrl}/app/subscription?payment=cancelled`;
export const sandboxUrl = (config: PaymentsConfig) => `${config.publicUrl}/api/subscribe/sandbox`;

export const ORDER_NOT_FOUND = trId('Заказ не найден');

export const periodText = (period: 'month' | 'year') =>
  period === 'month' ? tr('1 месяц') : tr('12 месяцев');

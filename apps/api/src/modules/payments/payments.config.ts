import type { PaymentsMode } from '../../env';

/** What the payment code needs from the configuration (resolved once at start). */
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
}

export interface Actor {
  userId: number;
  isAdmin: boolean;
}

/** A logger with what the payment code writes: money that needs a person is always logged. */
export interface PaymentsLog {
  warn(obj: object, msg: string): void;
}

export const successUrl = (config: PaymentsConfig) => `${config.publicUrl}/app/subscription?payment=success`;
export const cancelUrl = (config: PaymentsConfig) => `${config.publicUrl}/app/subscription?payment=cancelled`;
export const sandboxUrl = (config: PaymentsConfig) => `${config.publicUrl}/api/subscribe/sandbox`;

export const ORDER_NOT_FOUND = 'Заказ не найден';

export const periodText = (period: 'month' | 'year') => (period === 'month' ? '1 месяц' : '12 месяцев');

export const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

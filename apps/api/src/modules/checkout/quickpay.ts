import { randomBytes } from 'node:crypto';
import type { PaymentMethod, SubscribeInfo } from '@cabinet/contracts';

// YooMoney's wallet quickpay form, which the cabinet posts to pay an order (docs/decisions/0022-checkout.md).

export const QUICKPAY_URL = 'https://yoomoney.ru/quickpay/confirm';

/**
 * The quickpay form knows two payment types: PC (a YooMoney wallet) and AC (a bank card). It has no code
 * for the Faster Payments System ('SB' in YooMoney's tables is SberPay, not SBP), so both cabinet
 * methods open the card page, where a Mir card is paid; the chosen method is kept on the order.
 */
export const PAYMENT_TYPES: Record<PaymentMethod, SubscribeInfo['paymentType']> = { mir: 'AC', sbp: 'AC' };

/** An order label: opaque, unguessable (128 bits), safe in a form and a URL. */
export const newOrderLabel = (): string => randomBytes(16).toString('hex');

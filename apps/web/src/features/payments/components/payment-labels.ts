import type { PaymentPeriod } from '@cabinet/contracts';
import { textNow } from '@/lib/i18n';
import { type PaymentText, paymentTexts } from '../texts';

/** How the history and the receipt name a period and a payment method. */
const PERIOD_LABEL: Record<PaymentPeriod, PaymentText> = { month: 'Месяц', year: 'Год' };
const METHOD_LABEL: Record<string, PaymentText> = { mir: 'Карта «Мир»', sbp: 'СБП' };

// Read when shown, in the page's language.
export const periodLabel = (period: PaymentPeriod) => textNow(paymentTexts)(PERIOD_LABEL[period]);

export const methodLabel = (method: string) => {
  const label = METHOD_LABEL[method];
  return label ? textNow(paymentTexts)(label) : method;
};

/**
 * The order's short number as people see it, '№ 1042' (issue 34, rule 10): the order's sequential id. The
 * 32-character label is for the payment provider only.
 */
export function orderNumber(id: number): string {
  return textNow(paymentTexts)('№ {id}', { id });
}

import type { PaymentPeriod } from '@cabinet/contracts';

/** How the history and the receipt name a period and a payment method. */
export const PERIOD_LABEL: Record<PaymentPeriod, string> = { month: 'Месяц', year: 'Год' };
const METHOD_LABEL: Record<string, string> = { mir: 'Карта «Мир»', sbp: 'СБП' };

export const methodLabel = (method: string) => METHOD_LABEL[method] ?? method;

/**
 * The order's short number as people see it, '№ 1042' (issue 34, rule 10): the order's sequential id. The
 * 32-character label is for the payment provider only.
 */
export function orderNumber(id: number): string {
  return `№ ${id}`;
}

import type { PaymentPeriod } from '@cabinet/contracts';

/** How the history and the receipt name a period and a payment method. */
export const PERIOD_LABEL: Record<PaymentPeriod, string> = { month: 'Месяц', year: 'Год' };
const METHOD_LABEL: Record<string, string> = { mir: 'Карта «Мир»', sbp: 'СБП' };

export const methodLabel = (method: string) => METHOD_LABEL[method] ?? method;

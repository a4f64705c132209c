import type { RefundReason } from '@cabinet/contracts';
import type { AdminRefundsText } from '../texts';

/** Why signed money bought nothing, as the admin reads it (docs/decisions/0092): ids said through `t()`. */
export const REFUND_REASON_LABELS: Record<RefundReason, AdminRefundsText> = {
  unknown_label: 'Заказ не найден',
  already_paid: 'Заказ уже оплачен',
  amount_short: 'Сумма меньше цены заказа',
  provider_refund: 'Возврат через ЮKassa',
};

export const RESOLVE_REFUND_LABEL = 'Отметить как возвращённый' satisfies AdminRefundsText;

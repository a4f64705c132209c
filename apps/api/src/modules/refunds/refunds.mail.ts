import { formatRoubles } from '../../lib/formats';
import { tr } from '../../lib/i18n';
import { composeMail, hello, line } from '../../lib/mail-compose';
import type { OutboxMail } from '../../lib/outbox';

// The mail to the payer when an admin returns money of a YooKassa payment (decision 0204).

export interface RefundMailData {
  to: string;
  refundId: string;
  planName: string;
  label: string;
  amount: string;
  full: boolean;
  reason: string;
  test: boolean;
}

export function refundMail(d: RefundMailData): OutboxMail {
  const plan = { plan: d.planName };
  const sum = formatRoubles(d.amount);
  const mail = composeMail(d.to, tr('Возврат оплаты: тариф «{plan}»', plan), [
    hello(),
    [
      line('По заказу {label} (тариф «{plan}») вам возвращено {sum}.', { label: d.label, ...plan, sum }),
      line('Причина: {reason}', { reason: d.reason }),
      d.full
        ? line('Возврат полный: подписка на этот тариф закончилась.')
        : line('Возврат частичный: срок подписки не изменился.'),
      line('Деньги придут тем же способом, которым была оплата; чек возврата пришлёт ЮKassa.'),
      ...(d.test ? [line('Тестовый режим: деньги не списывались и не возвращались.')] : []),
    ],
  ]);
  return { key: `refund:${d.refundId}`, ...mail };
}

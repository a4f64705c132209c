import { escapeHtml } from '../../lib/mail';
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
  const sum = `${d.amount.replace('.', ',')} ₽`;
  const lines = [
    `По заказу ${d.label} (тариф «${d.planName}») вам возвращено ${sum}.`,
    `Причина: ${d.reason}`,
    d.full
      ? 'Возврат полный: подписка на этот тариф закончилась.'
      : 'Возврат частичный: срок подписки не изменился.',
    'Деньги придут тем же способом, которым была оплата; чек возврата пришлёт ЮKassa.',
    ...(d.test ? ['Тестовый режим: деньги не списывались и не возвращались.'] : []),
  ];
  return {
    key: `refund:${d.refundId}`,
    to: d.to,
    subject: `Возврат оплаты: тариф «${d.planName}»`,
    text: ['Здравствуйте!', '', ...lines].join('\n'),
    html: `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
${['Здравствуйте!', ...lines].map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`,
  };
}

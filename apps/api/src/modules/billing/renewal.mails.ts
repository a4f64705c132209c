import { escapeHtml } from '../../lib/mail';
import type { OutboxMail } from '../../lib/outbox';
import { formatDay } from './billing.mails';

// The mail of a refused auto-renewal charge (decision 0205): one per try, subject as the issue says.

export interface RenewalRefusedData {
  to: string;
  orderId: number;
  planName: string;
  amount: string;
  title: string;
  planEnd: Date;
  /** The next try, or null after the third refusal (auto-renewal is off then). */
  nextTry: Date | null;
  publicUrl: string;
}

export function renewalRefusedMail(d: RenewalRefusedData): OutboxMail {
  const sum = `${d.amount.replace('.', ',')} ₽`;
  const lines = [
    `Не удалось списать ${sum} за тариф «${d.planName}» (${d.title}): банк отклонил платёж.`,
    d.nextTry
      ? `Попробуем ещё раз ${formatDay(d.nextTry)}. Подписка действует до ${formatDay(d.planEnd)}.`
      : `Это была третья попытка: автопродление отключено. Подписка действует до ${formatDay(d.planEnd)}, дальше — как обычно по окончании срока.`,
    `Оплатить вручную или сменить карту: ${d.publicUrl}/app/subscription`,
  ];
  return {
    key: `renewal-refused:${d.orderId}`,
    to: d.to,
    subject: `Не удалось продлить подписку «${d.planName}»`,
    text: ['Здравствуйте!', '', ...lines].join('\n'),
    html: `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
${['Здравствуйте!', ...lines].map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`,
  };
}

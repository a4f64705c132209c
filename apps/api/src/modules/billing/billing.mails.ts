import { escapeHtml, type Mail } from '../../lib/mail';
import type { OutboxMail } from '../../lib/outbox';

// The mails of the plan's life cycle (decisions 0152 and 0154). Subjects are the issue's, word for word.
// Dates are Moscow days, as the product's other mails name time.

const DAY = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

/** '27.11.2026' */
export const formatDay = (date: Date) => DAY.format(date);

const PERIOD_WORDS = { month: 'месяц', year: 'год' } as const;

function page(paragraphs: string[]): string {
  return `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
</body></html>`;
}

/** The one-click checkout of the same plan and period (the cabinet's checkout screen). */
export const renewLink = (publicUrl: string, planId: number, period: 'month' | 'year') =>
  `${publicUrl}/app/subscription/update?subscribeId=${planId}&type=${period}`;

export interface PlanMailData {
  to: string;
  planId: number;
  planName: string;
  planEnd: Date;
  period: 'month' | 'year';
  publicUrl: string;
  /** Auto-renewal is on: what will be charged, from which method, on which day (decision 0205). */
  renew?: { title: string; amount: string; on: Date };
}

/** The reminder's last line: whether the plan renews by itself. */
function renewalLine(data: PlanMailData): string {
  if (!data.renew) {
    return 'Оплата не списывается автоматически: без продления после окончания действует тариф «Базовый».';
  }
  const sum = `${data.renew.amount.replace('.', ',')} ₽`;
  return `Подписка продлится автоматически: ${formatDay(data.renew.on)} спишем ${sum} (${data.renew.title}). Отключить автопродление можно в разделе «Подписка».`;
}

export function reminderMail(data: PlanMailData, days: number): Mail {
  const end = formatDay(data.planEnd);
  const link = renewLink(data.publicUrl, data.planId, data.period);
  const left = days === 1 ? 'завтра' : `через ${days} ${days < 5 ? 'дня' : 'дней'}`;
  return {
    to: data.to,
    subject: `Подписка «${data.planName}» заканчивается ${end}`,
    text: [
      'Здравствуйте!',
      '',
      `Ваша подписка на тариф «${data.planName}» заканчивается ${left}, ${end}.`,
      `Продлите её в один клик: ${link}`,
      '',
      renewalLine(data),
    ].join('\n'),
    html: page([
      'Здравствуйте!',
      `Ваша подписка на тариф «${escapeHtml(data.planName)}» заканчивается ${left}, <b>${end}</b>.`,
      `<a href="${escapeHtml(link)}">Продлить подписку</a>`,
      escapeHtml(renewalLine(data)),
    ]),
  };
}

export function endedMail(data: PlanMailData, graceUntil: Date): Mail {
  const link = renewLink(data.publicUrl, data.planId, data.period);
  const until = formatDay(graceUntil);
  const grace = graceUntil.getTime() > data.planEnd.getTime();
  const keep = grace
    ? `Возможности тарифа сохраняются до ${until}; после этого будет действовать тариф «Базовый».`
    : 'Теперь действует тариф «Базовый».';
  return {
    to: data.to,
    subject: `Подписка «${data.planName}» закончилась`,
    text: [
      'Здравствуйте!',
      '',
      `Ваша подписка на тариф «${data.planName}» закончилась ${formatDay(data.planEnd)}.`,
      keep,
      'Данные не удаляются; организации сверх лимитов тарифа «Базовый» нельзя будет расширять.',
      '',
      `Продлить подписку: ${link}`,
    ].join('\n'),
    html: page([
      'Здравствуйте!',
      `Ваша подписка на тариф «${escapeHtml(data.planName)}» закончилась ${formatDay(data.planEnd)}.`,
      keep,
      'Данные не удаляются; организации сверх лимитов тарифа «Базовый» нельзя будет расширять.',
      `<a href="${escapeHtml(link)}">Продлить подписку</a>`,
    ]),
  };
}

export interface ReceiptMailData {
  to: string;
  orderId: number;
  label: string;
  planName: string;
  period: 'month' | 'year';
  amount: string;
  paidAt: Date;
  grantedUntil: Date | null;
  test: boolean;
  publicUrl: string;
}

export function receiptMail(data: ReceiptMailData): OutboxMail {
  const link = `${data.publicUrl}/app/payments/${data.orderId}/receipt`;
  const facts: [string, string][] = [
    ['Тариф', `«${data.planName}»`],
    ['Период', PERIOD_WORDS[data.period]],
    ['Сумма', `${data.amount.replace('.', ',')} ₽`],
    ['Дата оплаты', formatDay(data.paidAt)],
    ['Номер заказа', data.label],
    ['Действует до', data.grantedUntil ? formatDay(data.grantedUntil) : 'без ограничения срока'],
  ];
  const test = data.test ? ['Тестовый режим: деньги не списывались.'] : [];
  return {
    key: `receipt:${data.orderId}`,
    to: data.to,
    subject: `Оплата получена: тариф «${data.planName}»`,
    text: [
      'Здравствуйте!',
      '',
      'Оплата получена, спасибо.',
      ...facts.map(([label, value]) => `${label}: ${value}`),
      ...test,
      '',
      `Квитанция: ${link}`,
    ].join('\n'),
    html: page([
      'Здравствуйте!',
      'Оплата получена, спасибо.',
      facts.map(([label, value]) => `${label}: <b>${escapeHtml(value)}</b>`).join('<br>'),
      ...test,
      `<a href="${escapeHtml(link)}">Квитанция</a>`,
    ]),
  };
}

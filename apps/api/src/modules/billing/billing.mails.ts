import type { Mail } from '../../adapters/smtp';
import { formatDay, formatRoubles } from '../../lib/formats';
import { tr } from '../../lib/i18n';
import {
  composeMail,
  escapeHtml,
  fact,
  hello,
  line,
  type MailLine,
  link as mailLink,
} from '../../lib/mail-compose';
import type { OutboxMail } from '../../lib/outbox';

// The mails of the plan's life cycle (decisions 0152 and 0154). Subjects are the issue's, word for word.
// Dates are Moscow days, as the product's other mails name time. Each is built in its recipient's language
// (the callers: withLocale of the account's locale, decision 0303).

const periodWord = (period: 'month' | 'year') => (period === 'month' ? tr('месяц') : tr('год'));

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
function renewalLine(data: PlanMailData): MailLine {
  if (!data.renew) {
    return line(
      'Оплата не списывается автоматически: без продления после окончания действует тариф «Базовый».',
    );
  }
  return line(
    'Подписка продлится автоматически: {day} спишем {sum} ({title}). Отключить автопродление можно в разделе «Подписка».',
    { day: formatDay(data.renew.on), sum: formatRoubles(data.renew.amount), title: data.renew.title },
  );
}

export function reminderMail(data: PlanMailData, days: number): Mail {
  const end = formatDay(data.planEnd);
  const link = renewLink(data.publicUrl, data.planId, data.period);
  const plan = { plan: data.planName };
  return composeMail(data.to, tr('Подписка «{plan}» заканчивается {end}', { ...plan, end }), [
    hello(),
    [
      line(
        'Ваша подписка на тариф «{plan}» заканчивается {days, plural, =1 {завтра} one {через # день} few {через # дня} many {через # дней} other {через # дня}}, {end}.',
        { ...plan, days, end },
        { end: `<b>${escapeHtml(end)}</b>` },
      ),
      {
        text: tr('Продлите её в один клик: {link}', { link }),
        html: `<a href="${escapeHtml(link)}">${escapeHtml(tr('Продлить подписку'))}</a>`,
      },
    ],
    [renewalLine(data)],
  ]);
}

export function endedMail(data: PlanMailData, graceUntil: Date): Mail {
  const link = renewLink(data.publicUrl, data.planId, data.period);
  const grace = graceUntil.getTime() > data.planEnd.getTime();
  const plan = { plan: data.planName };
  return composeMail(data.to, tr('Подписка «{plan}» закончилась', plan), [
    hello(),
    [
      line('Ваша подписка на тариф «{plan}» закончилась {day}.', { ...plan, day: formatDay(data.planEnd) }),
      grace
        ? line('Возможности тарифа сохраняются до {until}; после этого будет действовать тариф «Базовый».', {
            until: formatDay(graceUntil),
          })
        : line('Теперь действует тариф «Базовый».'),
      line('Данные не удаляются; организации сверх лимитов тарифа «Базовый» нельзя будет расширять.'),
    ],
    [mailLink(tr('Продлить подписку'), link)],
  ]);
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
  const facts = [
    fact(tr('Тариф'), tr('«{name}»', { name: data.planName })),
    fact(tr('Период'), periodWord(data.period)),
    fact(tr('Сумма'), formatRoubles(data.amount)),
    fact(tr('Дата оплаты'), formatDay(data.paidAt)),
    fact(tr('Номер заказа'), data.label),
    fact(tr('Действует до'), data.grantedUntil ? formatDay(data.grantedUntil) : tr('без ограничения срока')),
  ];
  const test = data.test ? [line('Тестовый режим: деньги не списывались.')] : [];
  const mail = composeMail(data.to, tr('Оплата получена: тариф «{plan}»', { plan: data.planName }), [
    hello(),
    [line('Оплата получена, спасибо.'), ...facts, ...test],
    [mailLink(tr('Квитанция'), link)],
  ]);
  return { key: `receipt:${data.orderId}`, ...mail };
}

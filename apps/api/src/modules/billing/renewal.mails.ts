import { formatDay, formatRoubles } from '../../lib/formats';
import { tr } from '../../lib/i18n';
import { composeMail, hello, line } from '../../lib/mail-compose';
import type { OutboxMail } from '../../lib/outbox';

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
  const plan = { plan: d.planName };
  const until = { until: formatDay(d.planEnd) };
  const mail = composeMail(d.to, tr('Не удалось продлить подписку «{plan}»', plan), [
    hello(),
    [
      line('Не удалось списать {sum} за тариф «{plan}» ({title}): банк отклонил платёж.', {
        sum: formatRoubles(d.amount),
        ...plan,
        title: d.title,
      }),
      d.nextTry
        ? line('Попробуем ещё раз {day}. Подписка действует до {until}.', {
            day: formatDay(d.nextTry),
            ...until,
          })
        : line(
            'Это была третья попытка: автопродление отключено. Подписка действует до {until}, дальше — как обычно по окончании срока.',
            until,
          ),
      line('Оплатить вручную или сменить карту: {link}', { link: `${d.publicUrl}/app/subscription` }),
    ],
  ]);
  return { key: `renewal-refused:${d.orderId}`, ...mail };
}

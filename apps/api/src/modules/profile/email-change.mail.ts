import type { Mail } from '../../adapters/smtp';
import { tr } from '../../lib/i18n';
import { codeLine, composeMail, hello, line } from '../../lib/mail-compose';

/**
 * The code that proves a new address receives mail (decision 0085). Sent to the new address only, in the
 * language of the account that asked (the request's).
 */
export function emailChangeMail(to: string, code: string, minutes: number): Mail {
  return composeMail(to, tr('Подтверждение адреса эл. почты'), [
    hello(),
    [
      line('Этот адрес указали как новый адрес эл. почты в личном кабинете.'),
      codeLine(tr('Код подтверждения:'), code),
    ],
    [
      line('Введите его в настройках профиля. Код действует {minutes} минут.', { minutes }),
      line('До подтверждения вход и письма остаются на прежнем адресе.'),
      line('Если вы не меняли адрес, просто проигнорируйте это письмо.'),
    ],
  ]);
}

import { escapeHtml, type Mail } from '../../lib/mail';

/** The code that proves a new address receives mail (decision 0085). Sent to the new address only. */
export function emailChangeMail(to: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: 'Подтверждение адреса эл. почты',
    text: [
      'Здравствуйте!',
      '',
      'Этот адрес указали как новый адрес эл. почты в личном кабинете.',
      `Код подтверждения: ${code}`,
      '',
      `Введите его в настройках профиля. Код действует ${minutes} минут.`,
      'До подтверждения вход и письма остаются на прежнем адресе.',
      'Если вы не меняли адрес, просто проигнорируйте это письмо.',
    ].join('\n'),
    html: `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<p>Здравствуйте!</p>
<p>Этот адрес указали как новый адрес эл. почты в личном кабинете. Код подтверждения:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p>Введите его в настройках профиля. Код действует ${minutes} минут.<br>
До подтверждения вход и письма остаются на прежнем адресе.<br>
Если вы не меняли адрес, просто проигнорируйте это письмо.</p>
</body></html>`,
  };
}

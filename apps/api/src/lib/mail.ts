import type { Locale } from '@cabinet/contracts/i18n';
import type { Mail } from '../adapters/smtp';
import type { Db } from '../plugins/db/database';
import { formatMoment } from './formats';
import { asLocale, currentLocale, tr, withLocale } from './i18n';
import { codeLine, composeMail, hello, line } from './mail-compose';

export { escapeHtml, mailHtml } from './mail-compose';

/** A moment as mails name it, Moscow time: '4 декабря 2026 г. в 12:30 (МСК)' (lib/formats.ts). */
export const formatMailDate = formatMoment;

/** 'Имя (email)', or the address alone for an account without a name. */
export const personLabel = (person: { name: string; email: string }) =>
  person.name.trim() ? `${person.name.trim()} (${person.email})` : person.email;

/**
 * The language of a mail to `who` (decision 0303): the account's, when the address or id has one; else the
 * language of whoever caused the mail (the request, or Russian in a job).
 */
export async function localeOfRecipient(db: Db, who: { email: string } | { id: number }): Promise<Locale> {
  const account = await db.user.findUnique({ where: who, select: { locale: true } });
  return account ? asLocale(account.locale) : currentLocale();
}

/** Builds a mail in its recipient's language (localeOfRecipient). */
export async function inRecipientLocale<T>(db: Db, who: { email: string } | { id: number }, build: () => T) {
  return withLocale(await localeOfRecipient(db, who), build);
}

/** The sign-in code mail, in the current language (the sign-in screen's: auth.routes.ts). */
export function loginCodeMail(to: string, code: string, minutes: number): Mail {
  return composeMail(to, tr('Код для входа: {code}', { code }), [
    hello(),
    [codeLine(tr('Ваш код для входа в личный кабинет:'), code)],
    [
      line('Код действует {minutes} минут и подходит для одного входа.', { minutes }),
      line('Если вы не запрашивали код, просто проигнорируйте это письмо.'),
    ],
  ]);
}

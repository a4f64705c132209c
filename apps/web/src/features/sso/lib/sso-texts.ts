import type { SsoLandingError, SsoTestOutcome } from '@cabinet/contracts';
import type { SsoText } from '../texts';

// What the SSO landing page and the settings say about a fragment the API put in the URL (issue 30; decision
// 0276): a fixed code, never a text from the URL, so nobody can make the cabinet's page say their words.
// The texts are ids of the sso catalogue: shown through t().

export const LANDING_ERRORS: Record<SsoLandingError | 'missing', SsoText> = {
  expired: 'Вход устарел или уже выполнен. Начните вход заново.',
  unavailable: 'Единый вход этой организации сейчас недоступен. Войдите по коду из письма.',
  provider:
    'Не удалось связаться с поставщиком входа организации. Попробуйте позже или войдите по коду из письма.',
  denied: 'Вход отменён на странице поставщика входа.',
  missing: 'Нет ответа поставщика входа. Начните вход заново.',
};

export const landingError = (code: string | null): SsoText =>
  (LANDING_ERRORS as Record<string, SsoText>)[code ?? 'missing'] ?? LANDING_ERRORS.missing;

export const TEST_OUTCOMES: Record<SsoTestOutcome, SsoText> = {
  ok: 'Подключение работает: поставщик входа подтвердил вас, никто не вошёл в кабинет.',
  expired: 'Проверка устарела или начата в другом браузере. Нажмите «Проверить подключение» ещё раз.',
  denied: 'Проверка отменена на странице поставщика входа.',
  no_email:
    'Поставщик входа не сообщил адрес эл. почты: разрешите кабинету scope email и добавьте адрес в ID-токен.',
  refused: 'Адрес поставщика входа не разрешён: кабинет обращается только к публичным адресам по https.',
  unreachable: 'Поставщик входа не ответил. Проверьте, что он доступен с сервера кабинета.',
  discovery: 'Поставщик входа не отдал описание OpenID Connect. Проверьте адрес издателя (issuer).',
  client: 'Поставщик входа не принял client_id или секрет клиента.',
  token: 'Поставщик входа отказал в выдаче токена. Проверьте client_id, секрет и адрес возврата.',
  id_token: 'Ответ поставщика входа не прошёл проверку (подпись или срок ID-токена).',
};

/** The outcome of 'Проверить подключение' the API left in the fragment, if any. */
export function testOutcome(hash: string): { outcome: SsoTestOutcome; inDomain: boolean } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const outcome = params.get('sso_test');
  if (!outcome || !(outcome in TEST_OUTCOMES)) return null;
  return { outcome: outcome as SsoTestOutcome, inDomain: params.get('in_domain') !== '0' };
}

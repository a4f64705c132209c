import { ApiError } from './api-error';
import { textNow } from './i18n/catalogue';
import { libTexts } from './texts';

/**
 * What to say when a passkey ceremony fails (sign-in and 'Безопасность'): the server's message, the
 * browser's refusal in words, or nothing when the ceremony was only superseded (a new one started, the
 * screen changed). Decision 0143.
 */
export function passkeyErrorMessage(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) return error.message;
  const name = error instanceof Error ? error.name : '';
  // @simplewebauthn/browser's WebAuthnError, known by its string code rather than by its class, so this
  // file does not bring the library into the sign-in screen's first load (decision 0111).
  const code =
    error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null;
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') return null;
  const t = textNow(libTexts);
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('Этот ключ доступа уже добавлен');
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return t('Ключи доступа здесь недоступны: откройте кабинет по имени сервера, а не по IP-адресу');
  }
  if (name === 'NotAllowedError') return t('Действие с ключом доступа отменено или время ожидания истекло');
  return fallback;
}

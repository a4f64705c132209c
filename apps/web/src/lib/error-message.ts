import { ApiError } from './api-client';

/**
 * The text of an error toast for a call whose spec text is generic ('Не удалось отправить приглашение')
 * while the server can say exactly what went wrong: a refusal the user can act on (409 conflict or plan
 * limit, 400 validation, 403, 404, 410 a link that works no more) shows the server's own Russian message; anything else (a 5xx, a lost
 * connection) shows the spec's text. See docs/decisions/0051-error-toast-texts.md.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && [400, 403, 404, 409, 410, 413, 415, 429].includes(error.status)) {
    return error.message;
  }
  return fallback;
}

import type { ErrorCode } from '@cabinet/contracts';
import { textNow } from './i18n/catalogue';
import { libTexts } from './texts';

/*
 * The error every call throws, apart from the client itself (./api-client.ts) so that a screen which only
 * reads errors (the sign-in screen, on its first load) does not load the client (decision 0111).
 */

/** The catalogue's id (lib/en.json): say it with unknownServerError(). */
export const UNKNOWN_SERVER_ERROR = 'Неизвестная ошибка сервера';

/** 'Неизвестная ошибка сервера' in the page's language. */
export const unknownServerError = () => textNow(libTexts)(UNKNOWN_SERVER_ERROR);

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    message: string,
    readonly code: ErrorCode | null = null,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }

  /** The first message of the field errors list, else the message (spec section 8, sign-in). */
  get firstMessage(): string {
    for (const messages of Object.values(this.errors ?? {})) {
      const first = messages[0];
      if (first) return first;
    }
    return this.message;
  }
}

import type { ErrorCode } from '@cabinet/contracts';
import { tr } from './i18n';

/**
 * The one error type services throw; the error handler turns it into the envelope. Its message is said in
 * the request's language where it is thrown (tr, text: lib/i18n.ts).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new AppError(400, 'VALIDATION', message, errors);
export const unauthorized = (message = tr('Требуется авторизация')) =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = tr('Недостаточно прав')) => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = tr('Не найдено')) => new AppError(404, 'NOT_FOUND', message);
/** `errors` names the field the conflict is about ('Тариф с таким названием уже существует' on name). */
export const conflict = (message: string, errors?: Record<string, string[]>) =>
  new AppError(409, 'CONFLICT', message, errors);
/** 410: a link that existed and works no more (an expired, revoked or used invitation). */
export const gone = (message: string) => new AppError(410, 'GONE', message);
export const limitReached = (message: string) => new AppError(409, 'LIMIT', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
export const unavailable = (message = tr('Сервис временно недоступен, попробуйте позже')) =>
  new AppError(503, 'UNAVAILABLE', message);
/** 502: an outside service we depend on (the payment provider) failed or did not answer. */
export const badGateway = (message: string) => new AppError(502, 'UNAVAILABLE', message);

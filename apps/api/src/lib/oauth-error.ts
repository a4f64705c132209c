import type { OauthErrorCode } from '@cabinet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

// OAuth's error shape for the calls a command-line client makes (RFC 6749 §5.2, RFC 8628 §3.5; decision
// 0221): {error, error_description}, never the envelope. The description is in the caller's language:
// Russian unless Accept-Language prefers English.

/** Words of one error: Russian first, English for a client that asks for it. */
export interface OAuthWords {
  ru: string;
  en: string;
}

export class OAuthError extends Error {
  constructor(
    readonly error: OauthErrorCode,
    readonly words: OAuthWords,
    readonly statusCode = 400,
    readonly headers?: Record<string, string>,
  ) {
    super(words.en);
  }
}

/** The generic words of each code, for failures that carry none of their own. */
export const OAUTH_WORDS: Record<
  'invalid_request' | 'slow_down' | 'server_error' | 'temporarily_unavailable',
  OAuthWords
> = {
  invalid_request: { ru: 'Некорректный запрос', en: 'The request is malformed' },
  slow_down: { ru: 'Слишком много запросов, попробуйте позже', en: 'Too many requests, try again later' },
  server_error: { ru: 'Внутренняя ошибка сервера', en: 'Internal server error' },
  temporarily_unavailable: {
    ru: 'Сервис временно недоступен, попробуйте позже',
    en: 'The service is temporarily unavailable, try again later',
  },
};

/** Whether the route answers in OAuth's shape (its route config says `oauth: true`). */
export const isOAuthRoute = (request: FastifyRequest) =>
  (request.routeOptions?.config as { oauth?: boolean } | undefined)?.oauth === true;

/** English only when the client ranks it above Russian (or names no Russian at all). */
export function prefersEnglish(request: FastifyRequest): boolean {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return false;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en');
}

export function sendOAuthError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: OauthErrorCode,
  words: OAuthWords,
  status = 400,
) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error, error_description: prefersEnglish(request) ? words.en : words.ru });
}

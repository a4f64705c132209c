import type { OauthErrorCode } from '@cabinet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tr } from './i18n';

// OAuth's error shape for the calls a command-line client makes (RFC 6749 §5.2, RFC 8628 §3.5; decision
// 0221): {error, error_description}, never the envelope. The code is the protocol's; the description is in
// the request's language (decision 0302: `?lang`, else Accept-Language's best match, else Russian).

export class OAuthError extends Error {
  /** `description`: said where it is thrown, in the request's language (tr). */
  constructor(
    readonly error: OauthErrorCode,
    readonly description: string,
    readonly statusCode = 400,
    readonly headers?: Record<string, string>,
  ) {
    super(description);
  }
}

/** The generic words of each code, for failures that carry none of their own. */
export const OAUTH_WORDS = {
  invalid_request: () => tr('Некорректный запрос'),
  slow_down: () => tr('Слишком много запросов, попробуйте позже'),
  server_error: () => tr('Внутренняя ошибка сервера'),
  temporarily_unavailable: () => tr('Сервис временно недоступен, попробуйте позже'),
};

/** Whether the route answers in OAuth's shape (its route config says `oauth: true`). */
export const isOAuthRoute = (request: FastifyRequest) =>
  (request.routeOptions?.config as { oauth?: boolean } | undefined)?.oauth === true;

export function sendOAuthError(
  reply: FastifyReply,
  error: OauthErrorCode,
  description: string,
  status = 400,
) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error, error_description: description });
}

import { SCIM_ERROR_SCHEMA, SCIM_MEDIA_TYPE, USER_NOT_FOUND } from '@cabinet/contracts';
import { text } from '@cabinet/contracts/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tr } from './i18n';

// SCIM's error shape (RFC 7644 §3.12; issue 30, decision 0288) for the calls under /scim/v2, never the
// envelope: {schemas: [urn:ietf:params:scim:api:messages:2.0:Error], status (a string), scimType?, detail}.
// The detail is in the request's language, like every message of the API (decision 0302).

/** RFC 7644 §3.12's scimType values this service answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidValue'
  | 'invalidPath'
  | 'noTarget'
  | 'mutability'
  | 'uniqueness'
  | 'tooMany';

export class ScimError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly scimType?: ScimType,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

/** SCIM's refusals, each said in the request's language when it is sent. */
export const SCIM_WORDS = {
  unauthorized: () => tr('Нужен действующий токен SCIM организации: Authorization: Bearer cab_scim_…'),
  notFound: () => text(USER_NOT_FOUND),
  route: () => tr('Адрес не найден'),
  tooMany: () => tr('Слишком много запросов, попробуйте позже'),
  unavailable: () => tr('Сервис временно недоступен, попробуйте позже'),
  internal: () => tr('Внутренняя ошибка сервера'),
  invalidJson: () => tr('Некорректный JSON в теле запроса'),
  badRequest: () => tr('Некорректный запрос'),
  mediaType: () => tr('Ожидается тело application/scim+json или application/json'),
  tooLarge: () => tr('Слишком большой запрос'),
};

/** Whether the route answers in SCIM's shape (its route config says `scim: true`). */
export const isScimRoute = (request: FastifyRequest) =>
  (request.routeOptions?.config as { scim?: boolean } | undefined)?.scim === true;

export function sendScimError(
  reply: FastifyReply,
  status: number,
  detail: string,
  scimType?: ScimType,
): FastifyReply {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
  return reply
    .status(status)
    .type(`${SCIM_MEDIA_TYPE}; charset=utf-8`)
    .send({
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(status),
      ...(scimType ? { scimType } : {}),
      detail,
    });
}

import { SCIM_ERROR_SCHEMA, SCIM_MEDIA_TYPE } from '@cabinet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

// SCIM's error shape (RFC 7644 §3.12; issue 30, decision 0288) for the calls under /scim/v2, never the
// envelope: {schemas: [urn:ietf:params:scim:api:messages:2.0:Error], status (a string), scimType?, detail}.
// The detail is Russian, like every message of the API.

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

export const SCIM_WORDS = {
  unauthorized: 'Нужен действующий токен SCIM организации: Authorization: Bearer cab_scim_…',
  notFound: 'Пользователь не найден',
  route: 'Адрес не найден',
  tooMany: 'Слишком много запросов, попробуйте позже',
  unavailable: 'Сервис временно недоступен, попробуйте позже',
  internal: 'Внутренняя ошибка сервера',
  invalidJson: 'Некорректный JSON в теле запроса',
  badRequest: 'Некорректный запрос',
  mediaType: 'Ожидается тело application/scim+json или application/json',
  tooLarge: 'Слишком большой запрос',
} as const;

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

import type { ErrorResponse } from '@cabinet/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { localeOfRequest, runInRequestLocale, tr } from '../lib/i18n';
import { isOAuthRoute, OAUTH_WORDS, OAuthError, sendOAuthError } from '../lib/oauth-error';
import { isDatabaseOutage } from '../lib/prisma-errors';
import { isScimRoute, SCIM_WORDS, ScimError, sendScimError } from '../lib/scim-error';

// The one error handler: every failure becomes {success:false, message, data:null, code, errors?} with a
// message in the request's language (lib/i18n.ts: it runs inside the request's locale) and the right status.
// Nothing internal (stack, SQL, library names) reaches a client.

function send(reply: FastifyReply, status: number, body: Omit<ErrorResponse, 'success' | 'data'>) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ success: false, data: null, ...body });
}

/** Zod issues (as fastify-type-provider-zod hands them over, said at parse time) → {field: [messages]}. */
function fieldErrors(
  issues: { keyword?: string; instancePath?: string; message?: string; params?: unknown }[],
  part: string,
) {
  const errors: Record<string, string[]> = {};
  const unknownField = tr('Неизвестное поле');
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) add(path ? `${path}.${String(key)}` : String(key), unknownField);
      continue;
    }
    add(path || part, issue.message ?? tr('Некорректное значение'));
  }
  return errors;
}

/**
 * The message of a 400: the first field's first message exactly as the contracts word it (the spec's
 * texts, e.g. 'Название должно содержать минимум 2 символа'), without the field's key in front; which
 * field it is stays in `errors`. Unknown fields are named, since 'Неизвестное поле' alone says too little.
 */
function validationMessage(errors: Record<string, string[]>): string {
  const unknownField = tr('Неизвестное поле');
  const unknown = Object.entries(errors)
    .filter(([, messages]) => messages.includes(unknownField))
    .map(([key]) => key);
  const first = Object.values(errors)[0]?.[0];
  if (first === unknownField && unknown.length > 0) {
    return tr('Неизвестное поле: {fields}', { fields: unknown.join(', ') });
  }
  return first ?? tr('Некорректные данные');
}

/**
 * Router failures (a malformed %-escape, a path segment over maxParamLength): a 400 like any bad input. The
 * router fails before the request's hooks, so its language is read here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return runInRequestLocale(localeOfRequest(request), () => {
    const message =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? tr('Слишком длинный параметр в адресе')
        : tr('Некорректный адрес запроса');
    return send(reply, 400, { message, code: 'VALIDATION' });
  });
}

/** Any other failure of a call that answers in OAuth's shape (decision 0221): the same statuses, OAuth's words. */
function oauthFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError && error.headers) reply.headers(error.headers);
  const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
  if (status === 429) {
    const message = error instanceof AppError ? error.message : OAUTH_WORDS.slow_down();
    return sendOAuthError(reply, 'slow_down', message, 429);
  }
  if (isDatabaseOutage(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return sendOAuthError(reply, 'temporarily_unavailable', OAUTH_WORDS.temporarily_unavailable(), 503);
  }
  if (status >= 400 && status < 500) {
    const words = hasZodFastifySchemaValidationErrors(error)
      ? validationMessage(fieldErrors(error.validation, 'body'))
      : OAUTH_WORDS.invalid_request();
    return sendOAuthError(reply, 'invalid_request', words, 400);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendOAuthError(reply, 'server_error', OAUTH_WORDS.server_error(), 500);
}

/**
 * Any failure of a call under /scim/v2 (decision 0288): SCIM's error shape with the same statuses, details
 * in the request's language; bad input is invalidSyntax (not JSON) or invalidValue (a field), a 429 keeps its Retry-After.
 */
function scimFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ScimError || error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    if (error instanceof ScimError)
      return sendScimError(reply, error.statusCode, error.detail, error.scimType);
    return sendScimError(
      reply,
      error.statusCode,
      error.message,
      error.statusCode === 429 ? 'tooMany' : undefined,
    );
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = fieldErrors(error.validation, error.validationContext ?? 'body');
    const [field, messages] = Object.entries(errors)[0] ?? ['body', [tr('Некорректные данные')]];
    return sendScimError(reply, 400, `${field}: ${messages[0]}`, 'invalidValue');
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendScimError(reply, 415, SCIM_WORDS.mediaType());
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendScimError(reply, 413, SCIM_WORDS.tooLarge());
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendScimError(reply, 400, SCIM_WORDS.invalidJson(), 'invalidSyntax');
  }
  if (error.statusCode === 429) return sendScimError(reply, 429, SCIM_WORDS.tooMany(), 'tooMany');
  if (isDatabaseOutage(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return sendScimError(reply, 503, SCIM_WORDS.unavailable());
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendScimError(reply, error.statusCode, SCIM_WORDS.badRequest());
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendScimError(reply, 500, SCIM_WORDS.internal());
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isScimRoute(request)) return scimFailure(error, request, reply);
    if (error instanceof OAuthError) {
      if (error.headers) reply.headers(error.headers);
      return sendOAuthError(reply, error.error, error.description, error.statusCode);
    }
    if (isOAuthRoute(request)) return oauthFailure(error, request, reply);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, {
        message: error.message,
        code: error.code,
        errors: error.errors,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation, error.validationContext ?? 'body');
      return send(reply, 400, { message: validationMessage(errors), code: 'VALIDATION', errors });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, {
          message: tr('Неподдерживаемый тип содержимого'),
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
        return send(reply, 413, { message: tr('Слишком большой запрос'), code: 'PAYLOAD_TOO_LARGE' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, { message: tr('Некорректный JSON в теле запроса'), code: 'VALIDATION' });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, { message: tr('Некорректная длина запроса'), code: 'VALIDATION' });
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(reply, 415, {
          message: tr('Ожидается multipart/form-data'),
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
    }
    if (error.statusCode === 429) {
      return send(reply, 429, {
        message: tr('Слишком много запросов, попробуйте позже'),
        code: 'RATE_LIMITED',
      });
    }
    if (isDatabaseOutage(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, {
        message: tr('Сервис временно недоступен, попробуйте позже'),
        code: 'UNAVAILABLE',
      });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad headers, bad URL…): keep the status, never its English text.
      return send(reply, error.statusCode, { message: tr('Некорректный запрос'), code: 'VALIDATION' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: tr('Внутренняя ошибка сервера'), code: 'INTERNAL' });
  });

  // An unknown path under /scim/v2 (a Groups call of a provider that maps groups) answers in SCIM's shape.
  app.setNotFoundHandler((request, reply) =>
    request.url.startsWith('/scim/')
      ? sendScimError(reply, 404, SCIM_WORDS.route())
      : send(reply, 404, { message: tr('Адрес не найден'), code: 'NOT_FOUND' }),
  );
});

import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { tr, trId } from '../lib/i18n';
import { JsonDepthScanner } from '../lib/json-depth';

// JSON bodies (decision 0192). Each route has the body limit of its table entry (lib/endpoint-routes.ts:
// 16 KB for anonymous calls, the smallest each call needs elsewhere). The body is read as a stream: its
// bytes are counted against the route's limit and its nesting followed as they arrive, so a body over the
// limit (413) or nested deeper than 64 levels (400) is refused at the first chunk that shows it, without
// reading the rest and without JSON.parse ever seeing it. An empty body is "no body" (a POST without
// payload); anything else is parsed safely (no __proto__ or constructor keys).

/** MAX_JSON_DEPTH written out: the text is its own id. */
export const TOO_DEEP = trId('Слишком глубокая вложенность JSON: не более 64 уровней');

/** Set on a request whose body was refused before its end: the answer closes the connection. */
export const BODY_CUT_SHORT = Symbol('bodyCutShort');

declare module 'fastify' {
  interface FastifyRequest {
    [BODY_CUT_SHORT]?: boolean;
  }
}

/** A request that announced a body (a length above 0, or chunks). */
const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

type Done = (error: Error | null, body?: unknown) => void;

function readJson(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  parse: (body: string, done: Done) => void,
  done: Done,
) {
  const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 16_384;
  const contentLength = Number(request.headers['content-length']);
  if (contentLength > limit) {
    request[BODY_CUT_SHORT] = true;
    return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
  }
  const scanner = new JsonDepthScanner();
  const chunks: Buffer[] = [];
  let received = 0;
  const stop = (error: Error | null, body?: unknown) => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    done(error, body);
  };
  function onData(data: Buffer | string) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    received += chunk.length;
    if (received > limit) {
      request[BODY_CUT_SHORT] = true;
      return stop(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    }
    if (!scanner.feed(chunk)) {
      request[BODY_CUT_SHORT] = true;
      return stop(new AppError(400, 'VALIDATION', tr(TOO_DEEP)));
    }
    chunks.push(chunk);
  }
  function onError(error: Error & { statusCode?: number }) {
    if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
    stop(error);
  }
  function onEnd() {
    if (!Number.isNaN(contentLength) && received !== contentLength) {
      return stop(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    }
    const text = Buffer.concat(chunks, received).toString('utf8');
    if (text.trim() === '') return stop(null, undefined);
    parse(text, (error, body) => stop(error, body));
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.resume();
}

/**
 * The JSON body parser: limits and depth as above. Also given, inside its own plugin, to a media type that
 * is JSON by another name (application/scim+json, decision 0288).
 */
export function jsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done) =>
    readJson(request, payload, (text, parsed) => parseJson(request, text, parsed), done);
}

export default fp(
  async function jsonBodies(app: FastifyInstance) {
    // Only JSON, urlencoded (payment notifications) and multipart (uploads) are accepted: anything else is 415.
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', jsonBodyParser(app));
    // A body refused before its end (or answered before it was read: a 429 or 401 counted first) is not
    // read further: the connection closes after the answer instead of draining the rest.
    app.addHook('onSend', async (request, reply) => {
      if (request[BODY_CUT_SHORT] || (request.raw.complete === false && hasBody(request))) {
        reply.header('connection', 'close');
      }
    });
  },
  { name: 'json-bodies' },
);

import type { ErrorCode } from '@cabinet/contracts';
// The subpath, not the package's index: the index loads common.ts, whose zod set-up would then come with
// every screen's first load (decision 0111).
import {
  type EndpointBodyInput,
  type EndpointDefinition,
  type EndpointParamsInput,
  type EndpointQueryInput,
  type EndpointResponse,
  endpointPath,
} from '@cabinet/contracts/endpoint';
import type { z } from 'zod';
import { ApiError, type FieldErrors, UNKNOWN_SERVER_ERROR } from './api-error';
import { textNow } from './i18n/catalogue';
import { requestLanguage } from './i18n/locale';
import { session } from './session';
import { libTexts } from './texts';

export { ApiError, type FieldErrors, UNKNOWN_SERVER_ERROR } from './api-error';

/**
 * The only HTTP client of the cabinet. It sends the session header, unwraps the {success, message, data}
 * envelope and turns every failure into an ApiError. It has no side effects: toasts and the 401 rule
 * live in the query client (app/query-client.ts, architecture convention 4).
 */

export const SESSION_HEADER = 'X-Session-Id';
export const NETWORK_ERROR = 'Нет связи с сервером. Проверьте подключение к интернету';

/** A text of the client's own, in the page's language when it is said. */
const say = (id: typeof NETWORK_ERROR | typeof UNKNOWN_SERVER_ERROR) => textNow(libTexts)(id);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Spec section 8: the error text is the body's data when it is a string, else its message. */
export function errorTextFromBody(body: unknown): string {
  if (isRecord(body)) {
    if (typeof body.data === 'string' && body.data.trim()) return body.data;
    if (typeof body.message === 'string' && body.message.trim()) return body.message;
  }
  return say(UNKNOWN_SERVER_ERROR);
}

function fieldErrorsFromBody(body: unknown): FieldErrors | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return errors;
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/**
 * '?a=1&b=2', or '' when nothing is set (empty values are left out; arrays repeat their key). A page opened
 * with `?lang=` passes it on, so the API answers in that page's language rather than the account's.
 */
function queryString(query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const { lang } = requestLanguage();
  if (lang) params.set('lang', lang);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** What every call carries: the session where the call needs one, and the page's language (issue 32). */
function requestHeaders(withSession: boolean): Headers {
  const headers = new Headers({ 'Accept-Language': requestLanguage().acceptLanguage });
  const token = session.getState().accessToken;
  if (withSession && token) headers.set(SESSION_HEADER, token);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page or similar: not our envelope.
    return null;
  }
}

type SendOptions = {
  method: EndpointDefinition['method'];
  /** A plain value is sent as JSON; FormData goes as multipart. */
  body?: unknown;
  /** Spec section 6: every call except login (and a few desktop ones) carries the session. */
  withSession: boolean;
  signal?: AbortSignal;
  /** Checks the whole envelope (data and meta); null for an answer that is not the JSON envelope. */
  envelopeSchema: z.ZodType | null;
};

async function send(
  url: string,
  options: SendOptions,
): Promise<{ message: string; data: unknown; meta: unknown }> {
  const { method, body, envelopeSchema, withSession, signal } = options;
  const headers = requestHeaders(withSession);
  headers.set('Accept', 'application/json');

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, say(NETWORK_ERROR));
  }

  const json = await readBody(response);
  if (!response.ok || !isRecord(json) || json.success !== true) {
    // Types only from contracts here: importing its schemas would put zod into the entry chunk.
    const code = isRecord(json) && typeof json.code === 'string' ? (json.code as ErrorCode) : null;
    throw new ApiError(response.status, errorTextFromBody(json), code, fieldErrorsFromBody(json));
  }

  const message = typeof json.message === 'string' ? json.message : '';
  if (!envelopeSchema) return { message, data: json.data, meta: json.meta };
  const parsed = envelopeSchema.safeParse(json);
  // An answer that does not match the shared contract is a server bug; show it as one, not as a crash.
  if (!parsed.success) throw new ApiError(response.status, say(UNKNOWN_SERVER_ERROR), 'INTERNAL');
  const envelope = parsed.data as { data: unknown; meta?: unknown };
  return { message, data: envelope.data, meta: envelope.meta };
}

/** What a call of an endpoint sends: its path parameters, query and body, as the contracts type them. */
export type CallInput<E extends EndpointDefinition> = {
  params?: EndpointParamsInput<E>;
  query?: EndpointQueryInput<E>;
  /** JSON as the contracts type it; a multipart call ('multipart/form-data') takes FormData. */
  body?: E extends { consumes: 'multipart/form-data' } ? FormData : EndpointBodyInput<E>;
  signal?: AbortSignal;
};

type EnvelopeOf<E extends EndpointDefinition> =
  EndpointResponse<E> extends { data: infer D; meta?: infer M }
    ? { data: D; meta: M }
    : { data: unknown; meta: unknown };

/**
 * Calls one entry of the contracts' endpoint table: its method and path (parameters filled in and escaped),
 * the session unless the call is for anyone, and its answer checked against the entry's response schema.
 * The one way features reach the API: no path is written twice.
 */
export async function callEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  input: CallInput<E> = {},
): Promise<{ message: string } & EnvelopeOf<E>> {
  const path = endpointPath(endpoint, (input.params ?? {}) as Record<string, string | number>);
  const query = queryString(input.query as Record<string, QueryValue> | undefined);
  const result = await send(`${path}${query}`, {
    method: endpoint.method,
    body: input.body,
    // ['anonymous'] alone: a call for anyone (sign-in). ['anonymous', 'user'] reads a session when sent.
    withSession: endpoint.roles.some((role) => role !== 'anonymous'),
    signal: input.signal,
    envelopeSchema: endpoint.response,
  });
  return result as unknown as { message: string } & EnvelopeOf<E>;
}

/** An entry of the endpoint table that is imported on its first call (./lazy-endpoints.ts). */
export type LazyEndpoint<E extends EndpointDefinition> = () => Promise<E>;

/**
 * callEndpoint for an entry loaded on demand: the entry's schemas, and zod with them, come with the first
 * call instead of with the screen's first load (decision 0175). Afterwards the import is cached.
 */
export async function callLazyEndpoint<E extends EndpointDefinition>(
  endpoint: LazyEndpoint<E>,
  input: CallInput<E> = {},
): Promise<{ message: string } & EnvelopeOf<E>> {
  return callEndpoint(await endpoint(), input);
}

/** A file answer (response: null entries such as a CSV export): its bytes and the name the server gives. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; null when the server names none. */
  fileName: string | null;
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

/**
 * Fetches an entry that answers a file rather than the JSON envelope, with the session, so a download
 * that needs one (an <a href> cannot send the header) still goes through the endpoint table. Failures
 * are the same ApiError as callEndpoint's.
 */
export async function downloadEndpoint<E extends EndpointDefinition>(
  endpoint: E,
  input: Omit<CallInput<E>, 'body'> = {},
): Promise<DownloadedFile> {
  const path = endpointPath(endpoint, (input.params ?? {}) as Record<string, string | number>);
  const query = queryString(input.query as Record<string, QueryValue> | undefined);
  const headers = requestHeaders(true);
  let response: Response;
  try {
    response = await fetch(`${path}${query}`, { method: endpoint.method, headers, signal: input.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, say(NETWORK_ERROR));
  }
  if (!response.ok) {
    const json = await readBody(response);
    const code = isRecord(json) && typeof json.code === 'string' ? (json.code as ErrorCode) : null;
    throw new ApiError(response.status, errorTextFromBody(json), code, fieldErrorsFromBody(json));
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

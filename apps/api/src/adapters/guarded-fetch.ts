import {
  checkUrl,
  isRefusedAddress,
  OutboundRefused,
  requestToChecked,
  resolveChecked,
} from './address-guard';

// A fetch-compatible function through the address guard (decision 0252), for libraries that take a custom
// fetch (openid-client's customFetch: discovery, token and JWKS calls; decision 0275). Unlike guardedRequest
// it answers a whole Response (status, headers, body), which such libraries read. The same rules: one lookup,
// every address checked, the connection to the checked address (the name kept for SNI and Host), redirects
// never followed, a timeout and a cap on the answer.

export interface GuardedFetchOptions {
  /** Loopback and private addresses are let through (SSO_ALLOW_PRIVATE), and then plain http to them only. */
  allowPrivate: boolean;
  timeoutMs: number;
  /** Answers longer than this fail (a discovery document or a key set is a few kilobytes). */
  maxBody: number;
}

type FetchInit = {
  method?: string;
  headers?: Record<string, string> | Headers | [string, string][];
  body?: unknown;
  signal?: AbortSignal | null;
};

function bodyOf(body: unknown): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError('unsupported request body');
}

function headersOf(headers: FetchInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers as ConstructorParameters<typeof Headers>[0]).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/** No body is allowed with these statuses in a Response. */
const EMPTY_STATUSES = new Set([101, 204, 205, 304]);

/** A fetch whose every call passes the address guard. */
export function guardedFetch(options: GuardedFetchOptions) {
  return async (url: string | URL, init: FetchInit = {}): Promise<Response> => {
    const target = checkUrl(String(url), { allowHttp: options.allowPrivate });
    const checked = await resolveChecked(target.hostname, options);
    // Plain http only inside the operator's own network: a public address is always https.
    if (target.protocol === 'http:' && !isRefusedAddress(checked.address)) {
      throw new OutboundRefused('a public address must be https');
    }
    const body = bodyOf(init.body);
    const headers = headersOf(init.headers);
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

    return new Promise<Response>((resolve, reject) => {
      const req = requestToChecked(target, checked, { method: init.method ?? 'GET', headers }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBody) {
            res.destroy();
            req.destroy(new Error(`the answer is larger than ${options.maxBody} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined || name === 'set-cookie') continue;
            for (const one of Array.isArray(value) ? value : [value]) answerHeaders.append(name, one);
          }
          const status = res.statusCode ?? 0;
          try {
            resolve(
              new Response(EMPTY_STATUSES.has(status) ? null : Buffer.concat(chunks), {
                status,
                headers: answerHeaders,
              }),
            );
          } catch (error) {
            // A status a Response cannot carry (1xx, or none at all).
            reject(error);
          }
        });
        res.on('error', reject);
      });
      const fail = (reason: unknown) =>
        req.destroy(reason instanceof Error ? reason : new Error('the request was aborted'));
      const timer = setTimeout(
        () => fail(new Error(`no answer within ${options.timeoutMs / 1000} s`)),
        options.timeoutMs,
      );
      const signal = init.signal;
      const onAbort = () => fail(signal?.reason);
      if (signal?.aborted) onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('close', () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      });
      req.on('error', reject);
      req.end(body);
    });
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server that answers as Yandex ID's endpoints do, written from its public documentation
// (yandex.ru/dev/id/doc: "Получение кода подтверждения из URL", "Обмен кода подтверждения на OAuth-токен",
// "Обмен токена на информацию о пользователе"), not from our client. Tests and the browser flow point both
// YANDEX_OAUTH_URL and YANDEX_LOGIN_URL at it.
//   - GET /authorize?response_type=code&client_id&redirect_uri&state[&scope][&code_challenge(_method)]: the
//     person chosen with `signInAs` is signed in at Yandex and has allowed the application, so it redirects
//     at once to redirect_uri?code=…&state=… (a code of 10 minutes, one use); `denyNext` answers
//     ?error=access_denied&state=… (the person said no). An unknown client_id is Yandex's own error page.
//   - POST /token (x-www-form-urlencoded: grant_type=authorization_code, code, client_id, client_secret or
//     HTTP Basic, code_verifier when a challenge was sent): {token_type, access_token, expires_in,
//     refresh_token}; errors {error, error_description}: 400 invalid_grant (unknown, used or expired code,
//     wrong verifier), 400 unsupported_grant_type, 401 invalid_client.
//   - GET /info?format=json with `Authorization: OAuth <token>`: the account's fields (id, login,
//     client_id, default_email, emails, real_name, display_name, first_name, last_name, sex, psuid); 401
//     without a valid token.
// Faults for tests: failNext (5xx of the token or info call), otherClientNext (info of a token issued to
// another application).

export interface YandexAccount {
  id: string;
  login?: string;
  default_email?: string;
  emails?: string[];
  real_name?: string;
  display_name?: string;
  first_name?: string;
  last_name?: string;
}

interface Grant {
  account: YandexAccount;
  clientId: string;
  challenge: string | null;
  expiresAt: number;
}

type Json = Record<string, unknown>;

export class YandexServer {
  readonly clientId = 'test-yandex-client-id';
  readonly clientSecret = 'test-yandex-client-secret';
  readonly requests: { method: string; path: string; query: URLSearchParams; body: URLSearchParams }[] = [];
  private readonly codes = new Map<string, Grant>();
  private readonly tokens = new Map<string, { account: YandexAccount; clientId: string }>();
  private account: YandexAccount | null = null;
  private denials = 0;
  private failures: number[] = [];
  private otherClient = 0;
  private server: Server | null = null;
  base = '';

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The person signed in at Yandex from now on (null: nobody; /authorize then shows Yandex's login). */
  signInAs(account: YandexAccount | null) {
    this.account = account;
  }
  /** Changes what /info says of an account from now on (a new default e-mail, say). */
  update(id: string, fields: Partial<YandexAccount>) {
    for (const grant of [...this.codes.values(), ...this.tokens.values()])
      if (grant.account.id === id) Object.assign(grant.account, fields);
    if (this.account?.id === id) Object.assign(this.account, fields);
  }
  /** The next `count` authorizations are refused by the person ('Отмена' at Yandex). */
  denyNext(count = 1) {
    this.denials += count;
  }
  /** The next `count` token or info calls answer `status`. */
  failNext(count = 1, status = 500) {
    this.failures.push(...Array.from({ length: count }, () => status));
  }
  /** The next info call describes a token of another application. */
  otherClientNext() {
    this.otherClient += 1;
  }

  calls(path: string) {
    return this.requests.filter((r) => r.path === path);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.base);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = new URLSearchParams(raw);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body });
    try {
      if (req.method === 'GET' && url.pathname === '/authorize') return this.authorize(url.searchParams, res);
      if (req.method === 'POST' && url.pathname === '/token') return this.token(req, body, res);
      if (req.method === 'GET' && url.pathname === '/info') return this.info(req, url.searchParams, res);
      res.writeHead(404).end('Not Found');
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  }

  private authorize(q: URLSearchParams, res: ServerResponse) {
    const redirect = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== this.clientId || q.get('response_type') !== 'code' || !redirect) {
      res
        .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        .end('<h1>Ошибка: неверный client_id</h1>');
      return;
    }
    const back = new URL(redirect);
    const state = q.get('state');
    if (this.denials > 0 || !this.account) {
      if (this.denials > 0) this.denials -= 1;
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'User denied access');
    } else {
      const code = String(randomBytes(8).readBigUInt64BE() % 10_000_000n).padStart(7, '0');
      const method = q.get('code_challenge_method');
      this.codes.set(code, {
        account: { ...this.account },
        clientId: this.clientId,
        challenge: q.get('code_challenge') ? `${method ?? 'plain'}:${q.get('code_challenge')}` : null,
        expiresAt: Date.now() + 10 * 60_000,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('cid', 'test');
    }
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() }).end();
  }

  private json(res: ServerResponse, status: number, body: Json) {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private fault(res: ServerResponse): boolean {
    const status = this.failures.shift();
    if (status === undefined) return false;
    res.writeHead(status, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
    return true;
  }

  private token(req: IncomingMessage, body: URLSearchParams, res: ServerResponse) {
    if (this.fault(res)) return;
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    const clientId = basicId ?? body.get('client_id');
    const secret = basicSecret ?? body.get('client_secret');
    if (clientId !== this.clientId || secret !== this.clientSecret)
      return this.json(res, 401, { error: 'invalid_client', error_description: 'Client not found' });
    if (body.get('grant_type') !== 'authorization_code')
      return this.json(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'Unsupported grant type',
      });
    const code = body.get('code') ?? '';
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.expiresAt < Date.now())
      return this.json(res, 400, { error: 'invalid_grant', error_description: 'Code has expired' });
    if (grant.challenge) {
      const verifier = body.get('code_verifier') ?? '';
      const s256 = createHash('sha256').update(verifier).digest('base64url');
      if (grant.challenge !== `S256:${s256}` && grant.challenge !== `plain:${verifier}`)
        return this.json(res, 400, {
          error: 'invalid_grant',
          error_description: 'Code verifier is not valid',
        });
    }
    const token = `y0_${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, { account: grant.account, clientId: grant.clientId });
    this.json(res, 200, {
      token_type: 'bearer',
      access_token: token,
      expires_in: 31_536_000,
      refresh_token: `1:${randomBytes(16).toString('base64url')}`,
    });
  }

  private info(req: IncomingMessage, q: URLSearchParams, res: ServerResponse) {
    if (this.fault(res)) return;
    const token = /^OAuth (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? q.get('oauth_token') ?? '';
    const found = this.tokens.get(token);
    if (!found) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('invalid token');
      return;
    }
    const { account } = found;
    let clientId = found.clientId;
    if (this.otherClient > 0) {
      this.otherClient -= 1;
      clientId = 'another-application';
    }
    this.json(res, 200, {
      id: account.id,
      login: account.login ?? `user${account.id}`,
      client_id: clientId,
      psuid: `1.${randomBytes(6).toString('hex')}`,
      ...(account.default_email !== undefined
        ? { default_email: account.default_email, emails: account.emails ?? [account.default_email] }
        : {}),
      ...(account.real_name !== undefined ? { real_name: account.real_name } : {}),
      display_name: account.display_name ?? account.login ?? `user${account.id}`,
      ...(account.first_name !== undefined ? { first_name: account.first_name } : {}),
      ...(account.last_name !== undefined ? { last_name: account.last_name } : {}),
      sex: null,
    });
  }
}

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server that answers as YooKassa's API v3 does, written from its public documentation
// (yookassa.ru/developers/api: "Аутентификация", "Идемпотентность", "Платежи", "Возвраты", "Входящие
// уведомления", "Ошибки"), not from our client: tests and the browser flow point YOOKASSA_API_URL at it.
//   - HTTP Basic auth with the shop id and secret key; otherwise 401 invalid_credentials.
//   - POST needs an Idempotence-Key (else 400); the same key answers the first result again (24 h).
//   - POST /payments: with confirmation.type 'redirect' a 'pending' payment whose confirmation_url is this
//     server's page (/confirm/{id}: 'Оплатить' / 'Отменить', then back to return_url); with
//     payment_method_id a charge of a saved method, 'succeeded' or 'canceled' at once.
//   - A shop with receipts on: a payment or refund without `receipt` is 400 (parameter 'receipt').
//   - POST /refunds: only of a succeeded payment, at most what is left; the payment's refunded_amount grows.
//   - Errors: {type: 'error', id, code, description, parameter?}.
// Faults for tests: failNext (5xx), hangNext (no answer), refuseMethod (a saved method that is refused).

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

type Json = Record<string, unknown>;
const money = (v: unknown) => Math.round(Number((v as { value?: string })?.value ?? 'NaN') * 100);
const fmt = (k: number) => (k / 100).toFixed(2);

export class YooKassaServer {
  readonly shopId = '123456';
  readonly secretKey = 'test_secret_key_0123456789';
  readonly requests: Recorded[] = [];
  readonly payments = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  private readonly idempotent = new Map<string, { status: number; body: Json }>();
  private failures: number[] = [];
  private hangs = 0;
  private lost = 0;
  private readonly refused = new Set<string>();
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();
  /** Where the confirmation page's 'Оплатить' also posts the payment.succeeded notification (browser flow). */
  notifyUrl: string | null = null;
  base = '';

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return `${this.base}/v3`;
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next `count` API calls answer `status` (500: YooKassa's "internal_server_error"). */
  failNext(count: number, status = 500) {
    this.failures.push(...Array.from({ length: count }, () => status));
  }
  /** The next `count` API calls never answer (a timeout on the client's side). */
  hangNext(count: number) {
    this.hangs += count;
  }
  /** The next `count` POSTs are carried out, but their answer never arrives (the outcome is unknown). */
  loseAnswerNext(count: number) {
    this.lost += count;
  }
  /** Charges of this saved method are refused (insufficient_funds). */
  refuseMethod(id: string, refuse = true) {
    if (refuse) this.refused.add(id);
    else this.refused.delete(id);
  }

  calls(method: string, path: string) {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  /** The payer pays on the confirmation page: succeeded, and the method saved when asked. */
  pay(id: string): Json {
    const p = this.payments.get(id);
    if (p?.status !== 'pending') throw new Error(`payment ${id} is not pending`);
    const save = p._save === true;
    Object.assign(p, {
      status: 'succeeded',
      paid: true,
      captured_at: new Date().toISOString(),
      payment_method: {
        type: 'bank_card',
        id: randomUUID(),
        saved: save,
        title: 'Bank card *4444',
        card: {
          first6: '555555',
          last4: '4444',
          expiry_month: '12',
          expiry_year: '2030',
          card_type: 'MasterCard',
        },
      },
    });
    return this.view(p);
  }

  cancel(id: string, reason = 'expired_on_confirmation', party = 'yoo_money'): Json {
    const p = this.payments.get(id);
    if (!p) throw new Error(`no payment ${id}`);
    Object.assign(p, { status: 'canceled', paid: false, cancellation_details: { party, reason } });
    return this.view(p);
  }

  /** The body YooKassa posts to the notification URL. */
  notification(event: string, object: Json): Json {
    return { type: 'notification', event, object };
  }

  payment(id: string): Json {
    const p = this.payments.get(id);
    if (!p) throw new Error(`no payment ${id}`);
    return this.view(p);
  }

  private view(p: Json): Json {
    return Object.fromEntries(Object.entries(p).filter(([k]) => !k.startsWith('_')));
  }

  private send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  private error(res: ServerResponse, status: number, code: string, description: string, parameter?: string) {
    this.send(res, status, {
      type: 'error',
      id: randomUUID(),
      code,
      description,
      ...(parameter ? { parameter } : {}),
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.base);
    if (url.pathname.startsWith('/confirm/')) return this.confirmPage(req, res, url, raw);
    let body: Json | null = null;
    if (raw) {
      try {
        body = JSON.parse(raw) as Json;
      } catch {
        return this.error(res, 400, 'invalid_request', 'Body is not JSON');
      }
    }
    const path = url.pathname.replace(/^\/v3/, '');
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (this.hangs > 0) {
      this.hangs--;
      this.hanging.add(res);
      return;
    }
    const failure = this.failures.shift();
    if (failure) return this.error(res, failure, 'internal_server_error', 'Internal server error');
    const expected = `Basic ${Buffer.from(`${this.shopId}:${this.secretKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return this.error(res, 401, 'invalid_credentials', 'Authentication by given credentials failed');
    }
    if (req.method === 'POST') {
      const key = req.headers['idempotence-key'];
      if (typeof key !== 'string' || !key) {
        return this.error(res, 400, 'invalid_request', 'Idempotence key is missing', 'Idempotence-Key');
      }
      const seen = this.idempotent.get(`${path} ${key}`);
      if (seen) return this.send(res, seen.status, seen.body);
      const answer =
        path === '/payments'
          ? this.createPayment(body ?? {})
          : path === '/refunds'
            ? this.createRefund(body ?? {})
            : null;
      if (!answer) return this.error(res, 404, 'not_found', 'Not found');
      if (answer.status < 500) this.idempotent.set(`${path} ${key}`, answer);
      if (this.lost > 0) {
        this.lost--;
        this.hanging.add(res);
        return;
      }
      return this.send(res, answer.status, answer.body);
    }
    const payment = /^\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && payment?.[1]) {
      const p = this.payments.get(payment[1]);
      return p ? this.send(res, 200, this.view(p)) : this.error(res, 404, 'not_found', 'Payment not found');
    }
    const refund = /^\/refunds\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && refund?.[1]) {
      const r = this.refunds.get(refund[1]);
      return r ? this.send(res, 200, r) : this.error(res, 404, 'not_found', 'Refund not found');
    }
    return this.error(res, 404, 'not_found', 'Not found');
  }

  private bad(parameter: string, description: string) {
    return {
      status: 400,
      body: { type: 'error', id: randomUUID(), code: 'invalid_request', description, parameter },
    };
  }

  private createPayment(body: Json) {
    const kopecks = money(body.amount);
    if (!Number.isInteger(kopecks) || kopecks <= 0) return this.bad('amount.value', 'Invalid amount');
    if ((body.amount as Json).currency !== 'RUB') return this.bad('amount.currency', 'Invalid currency');
    const receipt = body.receipt as { customer?: { email?: string }; items?: Json[] } | undefined;
    if (!receipt?.items?.length || !receipt.customer?.email)
      return this.bad('receipt', 'Receipt is missing or illegal');
    const itemsTotal = receipt.items.reduce(
      (sum, item) => sum + money(item.amount) * Number(item.quantity),
      0,
    );
    if (itemsTotal !== kopecks) return this.bad('receipt', 'Receipt items do not add up to the amount');
    const id = randomUUID();
    const base: Json = {
      id,
      status: 'pending',
      paid: false,
      amount: body.amount,
      description: body.description,
      metadata: body.metadata ?? {},
      recipient: { account_id: this.shopId, gateway_id: '100500' },
      created_at: new Date().toISOString(),
      refundable: false,
      test: true,
      _save: body.save_payment_method === true,
    };
    if (typeof body.payment_method_id === 'string') {
      const refused = this.refused.has(body.payment_method_id);
      Object.assign(base, {
        status: refused ? 'canceled' : 'succeeded',
        paid: !refused,
        payment_method: {
          type: 'bank_card',
          id: body.payment_method_id,
          saved: true,
          title: 'Bank card *4444',
        },
        ...(refused
          ? { cancellation_details: { party: 'payment_network', reason: 'insufficient_funds' } }
          : {}),
      });
    } else {
      const confirmation = body.confirmation as { type?: string; return_url?: string } | undefined;
      if (confirmation?.type !== 'redirect' || !confirmation.return_url) {
        return this.bad('confirmation', 'Confirmation is missing');
      }
      base.confirmation = {
        type: 'redirect',
        return_url: confirmation.return_url,
        confirmation_url: `${this.base}/confirm/${id}`,
      };
    }
    this.payments.set(id, base);
    return { status: 200, body: this.view(base) };
  }

  private createRefund(body: Json) {
    const p = typeof body.payment_id === 'string' ? this.payments.get(body.payment_id) : undefined;
    if (!p) return this.bad('payment_id', 'Payment not found');
    if (p.status !== 'succeeded') return this.bad('payment_id', 'Payment is not succeeded');
    const kopecks = money(body.amount);
    if (!Number.isInteger(kopecks) || kopecks <= 0) return this.bad('amount.value', 'Invalid amount');
    const left = money(p.amount) - money(p.refunded_amount ?? { value: '0' });
    if (kopecks > left) return this.bad('amount.value', 'Refund amount exceeds the payment amount left');
    if (!(body.receipt as Json | undefined)?.items)
      return this.bad('receipt', 'Receipt is missing or illegal');
    const refund: Json = {
      id: randomUUID(),
      payment_id: p.id,
      status: 'succeeded',
      amount: body.amount,
      created_at: new Date().toISOString(),
      ...(body.description ? { description: body.description } : {}),
    };
    p.refunded_amount = { value: fmt(money(p.refunded_amount ?? { value: '0' }) + kopecks), currency: 'RUB' };
    this.refunds.set(refund.id as string, refund);
    return { status: 200, body: refund };
  }

  /** The payer's page: 'Оплатить' pays (and notifies notifyUrl), 'Отменить' cancels; both go to return_url. */
  private async confirmPage(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const [, , id = '', action] = url.pathname.split('/');
    const p = this.payments.get(id);
    if (!p) return this.send(res, 404, 'Нет такого платежа', 'text/plain; charset=utf-8');
    const back = (p.confirmation as { return_url: string }).return_url;
    if (req.method === 'POST' && (action === 'pay' || action === 'cancel')) {
      void raw;
      const object = action === 'pay' ? this.pay(id) : this.cancel(id);
      if (this.notifyUrl) {
        await fetch(this.notifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(
            this.notification(action === 'pay' ? 'payment.succeeded' : 'payment.canceled', object),
          ),
        }).catch(() => {});
      }
      res.writeHead(303, { location: back });
      return res.end();
    }
    const amount = (p.amount as { value: string }).value;
    this.send(
      res,
      200,
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>ЮKassa (тест)</title></head><body><main>
<h1>Оплата заказа</h1><p>${String(p.description ?? '')}: ${amount} ₽</p>
<form method="post" action="/confirm/${id}/pay"><button type="submit">Оплатить</button></form>
<form method="post" action="/confirm/${id}/cancel"><button type="submit">Отменить</button></form>
</main></body></html>`,
      'text/html; charset=utf-8',
    );
  }
}

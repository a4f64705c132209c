import { randomUUID } from 'node:crypto';

// YooKassa API v3 (https://yookassa.ru/developers/api): the one module that speaks its protocol
// (house style point 11; decision 0201: a small typed fetch client rather than an SDK). It owns Basic auth,
// the Idempotence-Key of every POST (the same key on each retry of one operation), timeouts, retries with
// backoff on 5xx and network errors (never on 4xx), and turns every failure into a YooKassaError.

export interface Amount {
  /** Rubles with two decimals, as a string: "990.00". */
  value: string;
  currency: 'RUB';
}

export interface ReceiptItem {
  description: string;
  quantity: string;
  amount: Amount;
  vat_code: number;
  payment_mode: 'full_payment';
  payment_subject: 'service';
}

/** A 54-FZ receipt that YooKassa sends to the tax service with a payment or a refund. */
export interface Receipt {
  customer: { email: string };
  items: ReceiptItem[];
  tax_system_code?: number;
}

export interface CreatePaymentRequest {
  amount: Amount;
  capture: boolean;
  description: string;
  metadata: Record<string, string>;
  receipt: Receipt;
  confirmation?: { type: 'redirect'; return_url: string };
  save_payment_method?: boolean;
  payment_method_id?: string;
}

export type PaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

/** The fields of YooKassa's payment object the product reads. */
export interface YooKassaPayment {
  id: string;
  status: PaymentStatus;
  paid: boolean;
  amount: Amount;
  description?: string;
  metadata?: Record<string, string>;
  confirmation?: { type: string; confirmation_url?: string; return_url?: string };
  payment_method?: { type: string; id: string; saved: boolean; title?: string };
  cancellation_details?: { party: string; reason: string };
  refunded_amount?: Amount;
  test: boolean;
  created_at: string;
}

export interface CreateRefundRequest {
  payment_id: string;
  amount: Amount;
  description?: string;
  receipt?: Receipt;
}

export interface YooKassaRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: Amount;
  created_at: string;
  description?: string;
  cancellation_details?: { party: string; reason: string };
}

/**
 * 'refused': YooKassa answered 4xx (its `code` and `description` say why; retrying the same request would
 * be refused again). 'unavailable': 5xx, a timeout or a network error after every retry; for a POST the
 * operation may or may not have happened (repeat it with the same key to find out).
 */
export class YooKassaError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'YooKassaError';
  }
}

export interface YooKassaSettings {
  shopId: string;
  secretKey: string;
  /** https://api.yookassa.ru/v3 (no trailing slash). */
  apiUrl: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Tries after the first one, on 5xx and network errors. */
  retries?: number;
  /** First backoff; doubled on each retry. */
  backoffMs?: number;
}

export interface YooKassaClient {
  /** POST /payments. `idempotenceKey`: the same key for every try of one payment (kept 24 h by YooKassa). */
  createPayment(body: CreatePaymentRequest, idempotenceKey: string): Promise<YooKassaPayment>;
  getPayment(id: string): Promise<YooKassaPayment>;
  createRefund(body: CreateRefundRequest, idempotenceKey: string): Promise<YooKassaRefund>;
  getRefund(id: string): Promise<YooKassaRefund>;
}

export const newIdempotenceKey = (): string => randomUUID();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A payment id as YooKassa makes them (a UUID-like string); anything else never reaches its URL. */
const SAFE_ID = /^[0-9A-Za-z-]{1,64}$/;

export function createYooKassaClient(settings: YooKassaSettings): YooKassaClient {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const retries = settings.retries ?? 2;
  const backoffMs = settings.backoffMs ?? 500;
  const authorization = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`;

  async function once(method: 'GET' | 'POST', path: string, body: unknown, key: string | null) {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (key) headers['idempotence-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${settings.apiUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json };
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T> {
    let last: YooKassaError = new YooKassaError('unavailable', 'YooKassa did not answer');
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
      let answer: { status: number; json: unknown };
      try {
        answer = await once(method, path, body, key ?? null);
      } catch (error) {
        last = new YooKassaError('unavailable', `YooKassa: ${(error as Error).name || 'network error'}`);
        continue;
      }
      const { status, json } = answer;
      if (status >= 200 && status < 300 && json && typeof json === 'object') return json as T;
      const err = (json ?? {}) as { code?: string; description?: string };
      // 429 and 5xx are YooKassa's "try again later" (the same key keeps it one operation).
      if (status >= 500 || status === 429 || (status >= 200 && status < 300)) {
        last = new YooKassaError('unavailable', `YooKassa answered ${status}`, status, err.code ?? null);
        continue;
      }
      throw new YooKassaError(
        'refused',
        `YooKassa refused: ${err.code ?? status} ${err.description ?? ''}`.trim(),
        status,
        err.code ?? null,
      );
    }
    throw last;
  }

  const checkedId = (id: string) => {
    if (!SAFE_ID.test(id)) throw new YooKassaError('refused', 'not a YooKassa id', 400, 'invalid_request');
    return id;
  };

  return {
    createPayment: (body, key) => call<YooKassaPayment>('POST', '/payments', body, key),
    getPayment: (id) => call<YooKassaPayment>('GET', `/payments/${checkedId(id)}`),
    createRefund: (body, key) => call<YooKassaRefund>('POST', '/refunds', body, key),
    getRefund: (id) => call<YooKassaRefund>('GET', `/refunds/${checkedId(id)}`),
  };
}

import { Webhook } from 'standardwebhooks';
import { guardedRequest, OutboundRefused } from './address-guard';

// Webhook receivers, the one module that speaks to them (docs/decisions/0250-webhooks.md): Standard Webhooks
// headers signed with the standardwebhooks package, one POST with a 10 s timeout through the address guard,
// the first 2 KB of the answer kept. One try per call: lib/webhooks/sender.ts owns the retries (5 s … 10 h).

const TIMEOUT_MS = 10_000;
const MAX_ANSWER = 2048;

/** One event for one receiver: its message id, its JSON body and the secrets that sign it. */
export interface WebhookEvent {
  messageId: string;
  payload: string;
  /** The endpoint's secret, and its previous one during a rotation's 24 h. */
  secrets: string[];
}

/** The answer of one try: its HTTP status and body, or why it failed (refused, timeout, network), never thrown. */
export interface WebhookTry {
  statusCode: number | null;
  answer: string;
  error: string | null;
}

/** Where a receiver may be: the operator's allowances for plain http and private addresses. */
export interface ReceiverRules {
  allowHttp: boolean;
  allowPrivate: boolean;
}

/** The webhook-signature header: one `v1,…` per secret (two during a rotation's 24 h), space-separated. */
export function signatures(secrets: string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

/** A failure as the delivery's log shows it: 'refused: …' for the address guard's refusals. */
export const failureText = (err: unknown): string =>
  (err instanceof OutboundRefused ? 'refused: ' : '') + (err instanceof Error ? err.message : String(err));

/** Posts one signed event to `url`; 2xx is success, any other status an `HTTP nnn` error. */
export async function postWebhook(
  url: string,
  event: WebhookEvent,
  rules: ReceiverRules,
): Promise<WebhookTry> {
  try {
    // The signed timestamp is the wall clock's: receivers check it against theirs.
    const at = new Date();
    const res = await guardedRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'cabinet-webhooks/1',
          'webhook-id': event.messageId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signatures(event.secrets, event.messageId, at, event.payload),
        },
        body: event.payload,
        timeoutMs: TIMEOUT_MS,
        maxBody: MAX_ANSWER,
      },
      rules,
    );
    const error = res.status < 200 || res.status > 299 ? `HTTP ${res.status}` : null;
    return { statusCode: res.status, answer: res.body, error };
  } catch (err) {
    return { statusCode: null, answer: '', error: failureText(err) };
  }
}

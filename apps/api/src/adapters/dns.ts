import { Resolver } from 'node:dns/promises';

// The one way the cabinet asks DNS a question of its own (domain proofs, issue 30; decision 0272): node:dns
// with the servers of DNS_SERVERS (host:port list), else the system's. Answers are an outcome, never a throw
// and never node's error text: a record set, no such record, or no answer (timeout, refusal, server failure).

/** What a TXT lookup found. `code` is node's error code, for the server's log only. */
export type TxtLookup =
  | { status: 'found'; values: string[] }
  | { status: 'not-found' }
  | { status: 'no-answer'; code: string };

export interface DnsOptions {
  /** ['1.1.1.1', '127.0.0.1:5353']; undefined: the system's resolvers. */
  servers?: readonly string[] | undefined;
  /** One try's wait (c-ares doubles it on the next try). */
  timeoutMs?: number;
  /** Tries per server. */
  tries?: number;
}

/** One try waits 2 s, two tries: a slow server answers within the second; a dead one costs ~6 s. */
const DEFAULT_TIMEOUT_MS = 2_000;
const DEFAULT_TRIES = 2;
/** Past this, the lookup is cancelled whatever c-ares is still trying. */
const HARD_LIMIT_MS = 10_000;

/** The name does not exist (NXDOMAIN) or holds no record of the type asked: "no such record". */
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA']);

/** The TXT records of `name`, each as one string (a record's 255-byte pieces joined, as RFC 7208 reads them). */
export async function lookupTxt(name: string, options: DnsOptions = {}): Promise<TxtLookup> {
  const resolver = new Resolver({
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    tries: options.tries ?? DEFAULT_TRIES,
  });
  if (options.servers?.length) resolver.setServers([...options.servers]);
  const guard = setTimeout(() => resolver.cancel(), HARD_LIMIT_MS);
  try {
    const records = await resolver.resolveTxt(name);
    return { status: 'found', values: records.map((pieces) => pieces.join('')) };
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? 'EUNKNOWN');
    return NOT_FOUND_CODES.has(code) ? { status: 'not-found' } : { status: 'no-answer', code };
  } finally {
    clearTimeout(guard);
  }
}

import { lookup } from 'node:dns/promises';
import http, { type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

// The one way out to an address an operator or an organization typed (webhook receivers; SSO discovery
// later): docs/decisions/0252-outbound-address-guard.md. The name is resolved once, every address it
// gives is checked against the refused ranges, and the connection goes to the checked address with the
// name kept for TLS (SNI, certificate) and Host, so a second lookup (DNS rebinding) cannot send it elsewhere.
// Redirects are never followed.

const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, and the clouds' metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  refused.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local (fd00:ec2::254 metadata too)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 forms of IPv4 addresses
  ['2002::', 16], // 6to4 forms
] as const) {
  refused.addSubnet(net, bits, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad counts as two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] as string;
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 form (::ffff:10.0.0.1, ::ffff:a00:1), or null. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  if (g.slice(0, 5).some((x) => x !== 0) || (g[5] !== 0 && g[5] !== 0xffff)) return null;
  if (g[5] === 0 && g[6] === 0) return null; // :: and ::1 are IPv6's own
  const high = g[6] ?? 0;
  const low = g[7] ?? 0;
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when an address is one of the refused ranges (IPv4-mapped IPv6 forms included). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner) return refused.check(inner, 'ipv4');
  return refused.check(address, 'ipv6');
}

export class OutboundRefused extends Error {}

export interface GuardOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: private and loopback addresses are let through (tests, closed networks). */
  allowPrivate: boolean;
  /** WEBHOOKS_ALLOW_HTTP: plain http is let through. */
  allowHttp: boolean;
}

/** Refuses a URL that is not https (unless allowed) or carries credentials; answers it parsed. */
export function checkUrl(url: string, options: Pick<GuardOptions, 'allowHttp'>): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(options.allowHttp && parsed.protocol === 'http:')) {
    throw new OutboundRefused('the address must be https');
  }
  if (parsed.username || parsed.password) throw new OutboundRefused('the address must not carry credentials');
  return parsed;
}

/** Resolves `host` once and checks every address; answers the first, or throws OutboundRefused. */
export async function resolveChecked(host: string, options: Pick<GuardOptions, 'allowPrivate'>) {
  const bare = host.replace(/^\[|\]$/g, '');
  const found = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await lookup(bare, { all: true, verbatim: true }).catch(() => {
        throw new OutboundRefused(`the name ${bare} does not resolve`);
      });
  if (!found.length) throw new OutboundRefused(`the name ${bare} does not resolve`);
  if (!options.allowPrivate) {
    const bad = found.find((entry) => isRefusedAddress(entry.address));
    if (bad) throw new OutboundRefused(`the address ${bad.address} of ${bare} is not allowed`);
  }
  return found[0] as { address: string; family: number };
}

/** The address resolveChecked answered: the one address a request may connect to. */
export type CheckedAddress = Awaited<ReturnType<typeof resolveChecked>>;

/**
 * An http(s) request to `target` that connects to the checked address, never after a second lookup (DNS
 * rebinding); the URL's name stays for SNI and Host. No agent: nothing is reused across calls.
 */
export function requestToChecked(
  target: URL,
  checked: CheckedAddress,
  request: { method: string; headers: OutgoingHttpHeaders; timeout?: number },
  onResponse: (res: IncomingMessage) => void,
): ClientRequest {
  const client = target.protocol === 'https:' ? https : http;
  return client.request(
    target,
    {
      ...request,
      agent: false,
      lookup: (_hostname, lookupOptions, callback) => {
        const cb = callback as (...args: unknown[]) => void;
        if ((lookupOptions as { all?: boolean }).all) cb(null, [checked]);
        else cb(null, checked.address, checked.family);
      },
    },
    onResponse,
  );
}

export interface OutboundAnswer {
  status: number;
  /** The first `maxBody` bytes of the answer, as text. */
  body: string;
}

/**
 * POSTs (or GETs) `url` through the guard: one lookup, every address checked, the connection to the checked
 * address. Answers any status (redirects included, never followed); throws OutboundRefused before connecting,
 * or an Error on a network failure or after `timeoutMs`.
 */
export async function guardedRequest(
  url: string,
  request: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    maxBody: number;
  },
  options: GuardOptions,
): Promise<OutboundAnswer> {
  const target = checkUrl(url, options);
  const checked = await resolveChecked(target.hostname, options);
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = requestToChecked(
      target,
      checked,
      {
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body ? { 'content-length': Buffer.byteLength(request.body) } : {}),
        },
        timeout: request.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          res.destroy();
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, request.maxBody).toString('utf8'),
          });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= request.maxBody) finish();
        });
        res.on('end', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${request.timeoutMs / 1000} s`)),
      request.timeoutMs,
    );
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${request.timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

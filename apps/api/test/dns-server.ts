import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { AUTHORITATIVE_ANSWER, decode, encode, type Packet } from 'dns-packet';

// A real DNS server for the tests (issue 30): UDP on 127.0.0.1, answering the TXT records a test sets and
// NXDOMAIN for every other name; a name set to fail answers SERVFAIL. The API reaches it through
// DNS_SERVERS=127.0.0.1:<port>, the way an operator points it at their resolvers. No fake resolver.

const NXDOMAIN = 3;
const SERVFAIL = 2;

const key = (name: string) => name.toLowerCase().replace(/\.$/, '');

export class DnsServer {
  private socket = dgram.createSocket('udp4');
  private txt = new Map<string, string[]>();
  private failing = new Set<string>();
  /** Every name asked, in order (lower case, no trailing dot). */
  readonly asked: string[] = [];
  port = 0;

  constructor() {
    this.socket.on('message', (message, peer) => {
      let query: ReturnType<typeof decode>;
      try {
        query = decode(message);
      } catch {
        return;
      }
      const question = query.questions?.[0];
      if (!question) return;
      const name = key(question.name);
      this.asked.push(name);
      const values = this.txt.get(name);
      const rcode = this.failing.has(name) ? SERVFAIL : values ? 0 : NXDOMAIN;
      const answers: Packet['answers'] =
        rcode === 0 && question.type === 'TXT'
          ? (values ?? []).map((value) => ({
              type: 'TXT' as const,
              name: question.name,
              ttl: 60,
              class: 'IN' as const,
              data: value,
            }))
          : [];
      const reply = encode({
        id: query.id,
        type: 'response',
        flags: AUTHORITATIVE_ANSWER | rcode,
        questions: [question],
        answers,
      });
      this.socket.send(reply, peer.port, peer.address);
    });
  }

  /** Listens on `port` (0: any free one) and answers the DNS_SERVERS entry, '127.0.0.1:<port>'. */
  start(port = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      this.socket.once('error', reject);
      this.socket.bind(port, '127.0.0.1', () => {
        this.port = (this.socket.address() as AddressInfo).port;
        resolve(this.address);
      });
    });
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** The TXT records of `name` (replacing any before); an empty list: the name exists with no TXT record. */
  setTxt(name: string, values: string | string[]): void {
    this.failing.delete(key(name));
    this.txt.set(key(name), Array.isArray(values) ? values : [values]);
  }

  /** `name` answers SERVFAIL, as a broken authoritative server would. */
  fail(name: string): void {
    this.failing.add(key(name));
  }

  /** `name` answers NXDOMAIN again. */
  remove(name: string): void {
    this.txt.delete(key(name));
    this.failing.delete(key(name));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

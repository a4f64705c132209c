import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP receiver for the webhook tests: records every request and answers the statuses it is told.

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export class WebhookReceiver {
  readonly received: Received[] = [];
  /** Statuses to answer next, in order; 200 once they run out. */
  readonly answers: number[] = [];
  private server: Server | null = null;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        const status = this.answers.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(status === 200 ? 'ok' : `boom ${'x'.repeat(3000)}`);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The URL of `path` on this receiver (by name, resolved to 127.0.0.1). */
  url(path: string): string {
    return `http://localhost:${this.port}${path}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  types(path: string): string[] {
    return this.at(path).map((r) => (JSON.parse(r.body) as { type: string }).type);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

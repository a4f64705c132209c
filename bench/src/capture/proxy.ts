import net from 'node:net';
import { ClientStreamParser, type Statement } from './pg-wire';

// A TCP proxy in front of PostgreSQL that records every statement its clients run. A process started
// with DATABASE_URL pointing here runs its normal code; take() returns what ran since the last take().

export interface CaptureProxy {
  port: number;
  take(): Statement[];
  close(): Promise<void>;
}

export async function startCaptureProxy(target: { host: string; port: number }): Promise<CaptureProxy> {
  let statements: Statement[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const parser = new ClientStreamParser((s) => statements.push(s));
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      try {
        parser.push(chunk);
      } catch {
        // A message the parser does not follow is still forwarded; only its capture is lost.
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('capture proxy has no port');
  return {
    port: address.port,
    take() {
      const taken = statements;
      statements = [];
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startTelemetry, type Telemetry } from './opentelemetry';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: Array<{ key: string; value: { stringValue?: string; intValue?: number | string } }>;
}

/** A local OTLP/HTTP collector: keeps every span posted to /v1/traces (the JSON encoding). */
function startReceiver() {
  const spans: OtlpSpan[] = [];
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      paths.push(request.url ?? '');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: OtlpSpan[] }> }>;
      };
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, spans, paths };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

describe('OpenTelemetry traces (issue 31)', () => {
  const receiver = startReceiver();
  let telemetry: Telemetry;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.address() as AddressInfo;
    telemetry = await startTelemetry({ endpoint: `http://127.0.0.1:${port}/`, serviceName: 'cabinet-test' });
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await telemetry?.shutdown();
    receiver.server.close();
  });

  it('a local OTLP/HTTP receiver gets the spans of a request, with its database calls', async () => {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginKey: 'web', email: 'traced@example.com' }),
    });
    expect(res.status).toBe(200);
    await telemetry.flush();

    expect(receiver.paths).toContain('/v1/traces');
    const server = receiver.spans.find(
      (s) => attribute(s, 'http.route') === '/api/v1/auth/login' && !s.name.startsWith('pg'),
    );
    expect(server, JSON.stringify(receiver.spans.map((s) => s.name))).toBeDefined();
    const inTrace = receiver.spans.filter((s) => s.traceId === server?.traceId);
    // The Fastify request span (@fastify/otel) beside the HTTP server span (http instrumentation).
    expect(inTrace.some((s) => s.name.includes('request') || s.name.includes('handler'))).toBe(true);
    expect(
      inTrace.some(
        (s) => attribute(s, 'http.method') === 'POST' || attribute(s, 'http.request.method') === 'POST',
      ),
    ).toBe(true);
    // Prisma's statements through the pg pool, in the same trace.
    const statements = inTrace.filter(
      (s) => attribute(s, 'db.system') === 'postgresql' || s.name.startsWith('pg.'),
    );
    expect(statements.length, JSON.stringify(inTrace.map((s) => s.name))).toBeGreaterThan(0);
  });

  it("pino's mixin writes the active span's trace_id and span_id", () => {
    expect(telemetry.logMixin()).toEqual({});
    const tracer = trace.getTracer('test');
    tracer.startActiveSpan('probe', (span) => {
      expect(telemetry.logMixin()).toEqual({
        trace_id: span.spanContext().traceId,
        span_id: span.spanContext().spanId,
      });
      span.end();
    });
  });
});

import { createRequire } from 'node:module';

/**
 * OpenTelemetry traces (issue 31, decision 0262): started by server.ts only when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set, before the app is built. Every OpenTelemetry package is imported here with `await import()`, never
 * statically (test/ops/memory-flags.test.ts): without the variable none of them is loaded (decision 0119).
 * A span per request (@fastify/otel, for Fastify 5), the HTTP server and outgoing calls (http) and each
 * database statement (pg), sent by OTLP over HTTP to `<endpoint>/v1/traces`.
 */
export interface Telemetry {
  /** pino's mixin: trace_id and span_id of the span a log line is written in. */
  logMixin: () => Record<string, string>;
  /** Sends the spans ended so far. */
  flush: () => Promise<void>;
  shutdown: () => Promise<void>;
}

export interface TelemetryOptions {
  endpoint: string;
  serviceName: string;
}

export async function startTelemetry({ endpoint, serviceName }: TelemetryOptions): Promise<Telemetry> {
  const [sdkNode, exporterHttp, traceBase, httpInst, pgInst, fastifyOtel, api] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
    import('@opentelemetry/api'),
  ]);
  const exporter = new exporterHttp.OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const processor = new traceBase.BatchSpanProcessor(exporter);
  const http = new httpInst.HttpInstrumentation({
    // Scrapes and probes are not requests anyone wants to trace.
    ignoreIncomingRequestHook: (request) =>
      /^\/(metrics|api\/health|api\/ready)(\?|$)/.test(request.url ?? ''),
  });
  // Statements inside a trace only: pg-boss's polling every 2 s would otherwise make a trace each time.
  const pg = new pgInst.PgInstrumentation({ requireParentSpan: true });
  // Added to every Fastify instance made from now on (Fastify's 'fastify.initialization' channel).
  const fastify = new fastifyOtel.FastifyOtelInstrumentation({
    registerOnInitialization: true,
    ignorePaths: ({ url }) => url === '/metrics',
  });
  const sdk = new sdkNode.NodeSDK({
    serviceName,
    spanProcessors: [processor],
    // Traces only: logs stay in pino's output, metrics on /metrics.
    logRecordProcessors: [],
    instrumentations: [http, pg, fastify],
  });
  sdk.start();
  patchLoaded([http, pg]);

  return {
    logMixin(): Record<string, string> {
      const span = api.trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    flush: () => processor.forceFlush(),
    shutdown: () => sdk.shutdown(),
  };
}

/**
 * The API's bundle imports pg and node:http before any of its code runs, so the require hook the SDK sets
 * comes too late for them (and an ES import of a CommonJS package never passes it). Each instrumentation's
 * own patch is applied to the module already loaded; its prototypes are shared, so pools and servers made
 * before are covered too. A later require of the same module is patched by the hook, which unwraps first.
 */
interface ModuleDefinition {
  name: string;
  moduleExports?: unknown;
  moduleVersion?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the instrumentations' own signature
  patch?: (exports: any, version?: string) => unknown;
}

function patchLoaded(instrumentations: Array<{ getModuleDefinitions(): ModuleDefinition[] }>) {
  const require = createRequire(import.meta.url);
  const from = (name: string, base?: string) =>
    base ? createRequire(require.resolve(base)).resolve(name) : require.resolve(name);
  const places: Record<string, () => string> = {
    http: () => 'http',
    https: () => 'https',
    pg: () => from('pg'),
    'pg-pool': () => from('pg-pool', 'pg'),
  };
  for (const instrumentation of instrumentations) {
    for (const definition of instrumentation.getModuleDefinitions()) {
      const place = places[definition.name];
      if (!place || !definition.patch) continue;
      let exports: unknown;
      let version: string | undefined;
      try {
        const resolved = place();
        exports = require(resolved);
        if (resolved !== definition.name) version = packageVersion(require, resolved);
      } catch {
        continue;
      }
      definition.moduleExports = exports;
      definition.moduleVersion = version;
      definition.patch(exports, version);
    }
  }
}

function packageVersion(require: NodeJS.Require, resolved: string): string | undefined {
  const marker = resolved.lastIndexOf('/node_modules/');
  if (marker < 0) return undefined;
  const rest = resolved.slice(marker + '/node_modules/'.length).split('/');
  const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  const dir = resolved.slice(0, marker + '/node_modules/'.length) + name;
  return (require(`${dir}/package.json`) as { version?: string }).version;
}

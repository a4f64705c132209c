import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JsonText } from './sql';

// Answers are written by fast-json-stringify from the JSON Schema of the entry's zod response schema,
// compiled once per route (issue 12: parsing every answer with zod cost more than the query behind it).
// The zod schema stays the source of truth (types, OpenAPI); this is only how its answers are written.

type JsonSchema = { [key: string]: unknown };

/**
 * `anyOf: [X, {type: 'null'}]` → X with 'null' added to its type: the same set of values, which
 * fast-json-stringify writes directly instead of trying each branch in turn.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => (s as JsonSchema).type === 'null');
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema, or null if it has none. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const { $schema: _, ...json } = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    }) as JsonSchema;
    return simplify(json) as JsonSchema;
  } catch {
    return null;
  }
}

/** Fastify's serializer compiler for routes whose response schemas are zod schemas. */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const json = responseJsonSchema(route.schema);
  // A schema JSON Schema cannot express (a transform, a date object) keeps zod's own serializer.
  const serialize = json
    ? fastJson(json as unknown as Parameters<typeof fastJson>[0])
    : zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  return (payload: unknown) => (carriesJsonText(payload) ? envelopeText(payload) : serialize(payload));
};

/** An envelope whose data (or another member) PostgreSQL already wrote as JSON text (lib/sql.ts JsonText). */
function carriesJsonText(payload: unknown): payload is Record<string, unknown> {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    (payload as { data?: unknown }).data instanceof JsonText
  );
}

/**
 * The envelope written around the JSON text as it is. The statements that produce such text build exactly
 * the answer's schema (json-sql.ts; the route tests compare them with the mappers and the contracts).
 */
export function envelopeText(payload: Record<string, unknown>): string {
  let out = '';
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined) continue;
    const written = value instanceof JsonText ? value.text : JSON.stringify(value);
    out += `${out ? ',' : '{'}${JSON.stringify(key)}:${written}`;
  }
  return `${out || '{'}}`;
}

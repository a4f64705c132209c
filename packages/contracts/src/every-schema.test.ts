import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index';
import { listEndpoints } from './index';

// Every schema the contracts export, and every schema of the endpoint table, answers bad input in Russian:
// the API sends these messages to clients as they are (plugins/errors.ts), and the web shows them.

/** Cyrillic, and none of zod's own English ('expected', 'Invalid input', 'received'…). */
const RUSSIAN = /[А-Яа-яЁё]/;
const ENGLISH = /\b(expected|received|invalid|required|unrecognized|too (small|big)|must|should)\b/i;

const schemas = new Map<string, z.ZodType>();
for (const [name, value] of Object.entries(contracts)) {
  if (value instanceof z.ZodType) schemas.set(name, value);
}
for (const { name, endpoint } of listEndpoints()) {
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = endpoint[part];
    if (schema && ![...schemas.values()].includes(schema)) schemas.set(`${name}.${part}`, schema);
  }
}

const WRONG_VALUES: unknown[] = [
  undefined,
  null,
  true,
  -1,
  1.5,
  2 ** 40,
  '',
  '   ',
  'x',
  'не то\u0000',
  'я'.repeat(5000),
  [],
  [1, 'a'],
  {},
  { unexpected: 1 },
];

/** The object schema inside pipes, transforms, defaults and optionals, if there is one. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  let inner: unknown = schema;
  for (let depth = 0; depth < 10 && inner; depth++) {
    if (inner instanceof z.ZodObject) return inner.shape as Record<string, z.ZodType>;
    const def = (inner as { def?: { in?: unknown; innerType?: unknown; schema?: unknown } }).def;
    inner = def?.in ?? def?.innerType ?? def?.schema;
  }
  return null;
}

/** Bad inputs for a schema: wrong values of every kind, and for an object each field given each of them. */
function badInputs(schema: z.ZodType): unknown[] {
  const shape = objectShape(schema);
  if (!shape) return WRONG_VALUES;
  const fields = Object.keys(shape);
  return [...WRONG_VALUES, ...fields.flatMap((field) => WRONG_VALUES.map((value) => ({ [field]: value })))];
}

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('every schema answers bad input in Russian', () => {
  it('covers the exported schemas and the endpoint table', () => {
    expect(schemas.size).toBeGreaterThan(60);
    expect(schemas.has('LoginRequestSchema')).toBe(true);
    expect(schemas.has('ProfileSchema')).toBe(true);
  });

  it.each([...schemas.keys()])('%s', (name) => {
    const schema = schemas.get(name) as z.ZodType;
    let refused = 0;
    for (const value of badInputs(schema)) {
      const messages = messagesOf(schema, value);
      if (messages.length > 0) refused++;
      for (const message of messages) {
        const where = `${JSON.stringify(value)?.slice(0, 80)} → ${message}`;
        expect(message, where).toMatch(RUSSIAN);
        expect(message, where).not.toMatch(ENGLISH);
      }
    }
    // Every schema refuses something, so each was really asked.
    expect(refused, name).toBeGreaterThan(0);
  });
});

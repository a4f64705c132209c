import pg from 'pg';
import type { Prisma } from '../generated/prisma/client';

/**
 * Runs one read statement composed with Prisma.sql on the pool Prisma's adapter itself uses, and answers
 * its rows (json columns already parsed by pg). For the screens' hot reads only (issue 12, decision 0114):
 * Prisma's raw-query path costs a compile and a conversion per call, as much CPU again as the statement's
 * round trip. Writes and transactions stay with Prisma.
 */
export async function readRows<T>(pool: pg.Pool, query: Prisma.Sql): Promise<T[]> {
  const result = await pool.query(query.text, query.values as unknown[]);
  return result.rows as T[];
}

/**
 * JSON that PostgreSQL wrote for an answer (json_build_object, json_agg), kept as its text: the answer is
 * sent as is (lib/json-serializer.ts), never parsed into objects and written again. Parsing and re-writing
 * it, and collecting the objects afterwards, cost more CPU than the rest of a short call (decision 0178).
 * `T` is what the text holds, for the types; `parse()` reads it where code must look inside.
 */
export class JsonText<T> {
  declare readonly holds?: T;
  constructor(readonly text: string) {}
  parse(): T {
    return JSON.parse(this.text) as T;
  }
}

const JSON_TYPES = new Set([114, 3802]); // json, jsonb
const jsonAsText = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    JSON_TYPES.has(oid)
      ? (text: string) => new JsonText(text)
      : pg.types.getTypeParser(oid, format as 'text'),
};

/**
 * readRows for statements that build their call's answer: the json columns named in `answers` arrive as
 * JsonText (declare them so in T); any other json column (what the service checks: a membership, a status)
 * is parsed as readRows parses it.
 */
export async function readAnswerRows<T>(
  pool: pg.Pool,
  query: Prisma.Sql,
  answers: readonly string[] = ['items'],
): Promise<T[]> {
  const result = await pool.query({
    text: query.text,
    values: query.values as unknown[],
    types: jsonAsText as pg.CustomTypesConfig,
  });
  for (const row of result.rows as Record<string, unknown>[]) {
    for (const [column, value] of Object.entries(row)) {
      if (value instanceof JsonText && !answers.includes(column)) row[column] = value.parse();
    }
  }
  return result.rows as T[];
}

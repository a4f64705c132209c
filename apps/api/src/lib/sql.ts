import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Prisma } from '../generated/prisma/client';

// Statements prepared once per connection (decision 0179). PostgreSQL parses and analyses a statement sent
// without a name on every execution: for profile/me's statement that was ~0.6 ms of the database's CPU per
// call, more than the API's own work. A named statement is parsed once per connection and then only bound
// and run. The pool's connections plan each execution with its values (plan_cache_mode=force_custom_plan,
// set by plugins/db/database.ts), so the plans are the ones the plan tests check, whatever the values.
// The embedded database (one PGlite backend that outlives its socket connections) and PgBouncer before
// 1.21 cannot keep them: DATABASE_PREPARED_STATEMENTS=off, or the embedded database, sends them unnamed.

const preparing = new WeakSet<pg.Pool>();

/** Statements run through readRows/readAnswerRows on `pool` are prepared once per connection. */
export function prepareStatementsOn(pool: pg.Pool): void {
  preparing.add(pool);
}

/**
 * Distinct statement texts a process names. Texts vary only with the filters and sort orders a call takes
 * (values are always parameters), so the set is bounded; past this, new texts run unnamed rather than
 * growing every connection's cache.
 */
const MAX_NAMED_STATEMENTS = 1000;
const statementNames = new Map<string, string>(); // '' : sent unnamed (see run)

function statementName(pool: pg.Pool, text: string): string | undefined {
  if (!preparing.has(pool)) return undefined;
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `c_${createHash('sha1').update(text).digest('base64url')}`;
    statementNames.set(text, name);
  }
  return name;
}

/** PostgreSQL's "cached plan must not change result type": a migration changed a table under a prepared statement. */
const PLAN_RESULT_CHANGED = '0A000';

async function run(pool: pg.Pool, config: pg.QueryConfig): Promise<pg.QueryResult> {
  const name = statementName(pool, config.text);
  if (!name) return pool.query(config);
  try {
    return await pool.query({ ...config, name });
  } catch (error) {
    // The connections that prepared it would keep failing on it: this process sends it unnamed from now on.
    if ((error as { code?: string }).code !== PLAN_RESULT_CHANGED) throw error;
    statementNames.set(config.text, '');
    return pool.query(config);
  }
}

/**
 * Runs one read statement composed with Prisma.sql on the pool Prisma's adapter itself uses, and answers
 * its rows (json columns already parsed by pg). For the screens' hot reads only (issue 12, decision 0114):
 * Prisma's raw-query path costs a compile and a conversion per call, as much CPU again as the statement's
 * round trip. Writes and transactions stay with Prisma.
 */
export async function readRows<T>(pool: pg.Pool, query: Prisma.Sql): Promise<T[]> {
  const result = await run(pool, { text: query.text, values: query.values as unknown[] });
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
  const result = await run(pool, {
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

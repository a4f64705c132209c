import type { TestApp } from './build-test-app';

// What a call costs in SQL (issue 12): every statement the app sends while a piece of test code runs,
// recorded on the pg client class that every pooled connection (Prisma's adapter and the raw pool) uses.

export interface Statement {
  text: string;
  values: unknown[];
}

type QueryFn = (...args: unknown[]) => unknown;

function statementOf(args: unknown[]): Statement {
  const [first, second] = args;
  if (typeof first === 'string') return { text: first, values: Array.isArray(second) ? second : [] };
  const config = first as { text?: string; values?: unknown[] };
  return { text: config.text ?? '', values: config.values ?? (Array.isArray(second) ? second : []) };
}

/** Runs `run` and returns the statements sent meanwhile, in order. Not for concurrent tests. */
export async function recordStatements(t: TestApp, run: () => Promise<unknown>): Promise<Statement[]> {
  const client = await t.database.pool.connect();
  const proto = Object.getPrototypeOf(client) as { query: QueryFn };
  client.release();
  const original = proto.query;
  const seen: Statement[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    seen.push(statementOf(args));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}

/** The session lookup and its last_used_at touch (lib/sessions.ts), which every signed-in call pays. */
const isSessionStatement = (s: Statement) => /\bsessions\b/i.test(s.text);

/** The statements a call runs for its answer: all but the session's. */
export async function callStatements(t: TestApp, run: () => Promise<unknown>): Promise<Statement[]> {
  return (await recordStatements(t, run)).filter((s) => !isSessionStatement(s));
}

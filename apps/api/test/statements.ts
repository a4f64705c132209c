import pg from 'pg';

/** One SQL statement as the app sent it to PostgreSQL. */
export interface Statement {
  text: string;
  values: unknown[];
}

/**
 * Runs `work` and returns, with its result, every SQL statement sent meanwhile by any pg client of this
 * process (the app's pool, through Prisma's adapter or directly). Statement counts are what the tests of
 * issue 12 hold fixed; never a timing.
 */
export async function recordStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: Statement[] }> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const statements: Statement[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') {
      statements.push({ text: first, values: Array.isArray(second) ? second : [] });
    } else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      statements.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
    }
    return original.apply(this, args);
  };
  try {
    const result = await work();
    return { result, statements };
  } finally {
    proto.query = original;
  }
}

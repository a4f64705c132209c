import pg from 'pg';
import type { Statement } from './pg-wire';

// EXPLAIN (ANALYZE, BUFFERS) of captured statements with their own parameter values (run twice, the
// second shown), inside a transaction that is rolled back: a captured UPDATE, such as the session's
// last-used touch, changes nothing.

export interface ExplainedStatement extends Statement {
  plan: string;
  executionMs: number | null;
}

const EXPLAINABLE = /^\s*(\(\s*)*(select|with|update|delete|insert|values)\b/i;

export const isExplainable = (s: Statement) => EXPLAINABLE.test(s.sql);

export function showParam(value: string | Buffer | null): string {
  if (value === null) return 'NULL';
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex').slice(0, 16)}…(${value.length} bytes)`;
  return value.length > 60 ? `'${value.slice(0, 57)}…'` : `'${value}'`;
}

export async function explainAll(
  databaseUrl: string,
  statements: Statement[],
): Promise<ExplainedStatement[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const explained: ExplainedStatement[] = [];
  try {
    for (const statement of statements.filter(isExplainable)) {
      await client.query('BEGIN');
      try {
        // Twice: the second run is the one shown, with the pages the first brought into memory.
        const explain = () =>
          client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
            statement.params,
          );
        await explain();
        const { rows } = await explain();
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        const time = plan.match(/Execution Time: ([\d.]+) ms/);
        explained.push({ ...statement, plan, executionMs: time?.[1] ? Number(time[1]) : null });
      } catch (error) {
        explained.push({
          ...statement,
          plan: `EXPLAIN failed: ${(error as Error).message}`,
          executionMs: null,
        });
      } finally {
        await client.query('ROLLBACK');
      }
    }
  } finally {
    await client.end();
  }
  return explained;
}

import type { ExplainedStatement } from './capture/explain';
import { showParam } from './capture/explain';
import type { Comparison } from './compare';
import type { Measurement } from './load';

// The run's report in markdown: the same text goes to stdout and to last-run.md (docs/performance.md
// is updated from it by hand).

export interface CallResult {
  call: string;
  size: number;
  product: Measurement;
  twin: Measurement;
  productRssMb: number;
  comparison: Comparison;
}

export interface ScaleOutResult {
  call: string;
  size: number;
  one: Measurement;
  two: Measurement;
}

export interface Explained {
  call: string;
  product: ExplainedStatement[];
  twin: ExplainedStatement[];
}

export interface Report {
  header: string[];
  results: CallResult[];
  fills: { size: number; steps: { name: string; seconds: number }[] }[];
  rss: { size: number; apiPeakMb: number; secondApiPeakMb: number; twinPeakMb: number }[];
  scaleOut: ScaleOutResult[];
  explainedAt: number | null;
  explained: Explained[];
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
/** Milliseconds: one decimal below 10 ms. */
const ms = (n: number) => fixed(n, n < 10 ? 1 : 0);
export const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}` : '—');
/** A user count as the report writes it: 10k, 1M. */
export const users = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);

function resultsTable(report: Report): string[] {
  const sizes = [...new Set(report.results.map((r) => r.size))].sort((a, b) => a - b);
  const smallest = sizes[0];
  const largest = sizes.at(-1);
  const lines = [
    `| Call | Users | req/s | p50 ms | p99 ms | non-2xx | twin req/s | twin p99 ms | req/s ÷ twin | p99 ÷ twin | bytes / twin bytes | same answer | API RSS MB | API CPU µs / answer (twin) | ${sizes.length > 1 && smallest && largest ? `growth ${users(smallest)}→${users(largest)}` : 'growth'} (twin) |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
  ];
  const calls = [...new Set(report.results.map((r) => r.call))];
  for (const call of calls) {
    const rows = report.results.filter((r) => r.call === call).sort((a, b) => a.size - b.size);
    const first = rows[0];
    for (const r of rows) {
      const growth =
        sizes.length > 1 && r.size === largest && first && first !== r
          ? `${ratio(first.product.rps, r.product.rps)} (${ratio(first.twin.rps, r.twin.rps)})`
          : '—';
      const c = r.comparison;
      lines.push(
        `| ${call} | ${users(r.size)} | ${fixed(r.product.rps)} | ${ms(r.product.p50)} | ${ms(r.product.p99)} | ${r.product.non2xx + r.product.errors} | ${fixed(r.twin.rps)} | ${ms(r.twin.p99)} | ${ratio(r.product.rps, r.twin.rps)} | ${ratio(r.product.p99, r.twin.p99)} | ${c.productBytes} / ${c.twinBytes} | ${c.difference === null ? 'yes' : `no: ${c.difference.replace(/\|/g, '/')}`} | ${fixed(r.productRssMb)} | ${fixed(r.product.cpuUsPerAnswer)} (${fixed(r.twin.cpuUsPerAnswer)}) | ${growth} |`,
      );
    }
  }
  return lines;
}

function explainSection(report: Report): string[] {
  if (report.explainedAt === null) return [];
  const lines = [
    `## Query plans at ${users(report.explainedAt)} users`,
    '',
    'Captured on the wire (a recording proxy between a third API process, and then the twin, and PostgreSQL)',
    'while each call was sent once; every statement re-run as `EXPLAIN (ANALYZE, BUFFERS)` with its own',
    'parameters inside a rolled-back transaction.',
    '',
    '| Call | product statements | product execution ms | twin statements | twin execution ms |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  const total = (list: ExplainedStatement[]) => list.reduce((sum, s) => sum + (s.executionMs ?? 0), 0);
  for (const e of report.explained) {
    lines.push(
      `| ${e.call} | ${e.product.length} | ${total(e.product).toFixed(2)} | ${e.twin.length} | ${total(e.twin).toFixed(2)} |`,
    );
  }
  for (const e of report.explained) {
    lines.push('', `### ${e.call}`);
    for (const [side, list] of [
      ['product', e.product],
      ['twin', e.twin],
    ] as const) {
      list.forEach((s, i) => {
        lines.push(
          '',
          `${side} ${i + 1}/${list.length}${s.params.length ? ` — parameters: ${s.params.map(showParam).join(', ')}` : ''}`,
        );
        lines.push('', '```sql', s.sql.trim(), '```', '', '```', s.plan, '```');
      });
    }
  }
  return lines;
}

export function renderReport(report: Report): string {
  const lines = [...report.header, '', '## Calls', '', ...resultsTable(report), ''];
  lines.push(
    'req/s: answers per second after the warm-up; p50/p99: their latency as autocannon saw it. "non-2xx"',
    'counts non-2xx answers and connection errors. "same answer": the twin answered the same status and',
    'JSON as the product (checked once before measuring). API RSS: peak VmRSS of the API process during',
    "that call's measurement. API CPU µs / answer: the CPU time (user + system, from /proc) the API process",
    "spent per counted answer, the twin's in brackets: unlike req/s it hardly moves with other work on the machine.",
    '',
    '## Memory',
    '',
    '| Users | API process peak RSS MB | second API process peak MB | twin peak MB |',
    '| --- | ---: | ---: | ---: |',
    ...report.rss.map(
      (r) =>
        `| ${users(r.size)} | ${fixed(r.apiPeakMb)} | ${fixed(r.secondApiPeakMb)} | ${fixed(r.twinPeakMb)} |`,
    ),
    '',
    '## One versus two API processes',
    '',
    'Two server processes on the same database; autocannon spreads its connections over both ports.',
    '',
    '| Call | Users | 1 process req/s | 2 processes req/s | 2 ÷ 1 | 1 process p99 ms | 2 processes p99 ms |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...report.scaleOut.map(
      (s) =>
        `| ${s.call} | ${users(s.size)} | ${fixed(s.one.rps)} | ${fixed(s.two.rps)} | ${ratio(s.two.rps, s.one.rps)} | ${ms(s.one.p99)} | ${ms(s.two.p99)} |`,
    ),
    '',
    '## Fill',
    '',
  );
  for (const fill of report.fills) {
    const total = fill.steps.reduce((sum, s) => sum + s.seconds, 0);
    lines.push(
      `${users(fill.size)} users: ${total.toFixed(1)} s in all — ${fill.steps.map((s) => `${s.name} ${s.seconds.toFixed(1)} s`).join('; ')}`,
      '',
    );
  }
  lines.push(...explainSection(report));
  return `${lines.join('\n')}\n`;
}

import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';

// The admins' CSV exports (the journal, the payments; decision 0147), streamed: rows are read in keyset
// batches and written as the client takes them (backpressure), so memory stays flat for any filter.
// csv-stringify quotes per RFC 4180 and, with escape_formulas, prefixes ' to a cell starting with
// = + - @ (or a tab or carriage return) so that no spreadsheet runs it as a formula.

export interface CsvExport<Row> {
  /** The header row, in the columns' order. */
  columns: readonly string[];
  /**
   * The first batch, read by the caller before anything is sent, so a database that is down answers 503
   * like any call; a failure later cuts the download short (logged).
   */
  first: Row[];
  /** Rows per batch: a shorter batch is the last. */
  batch: number;
  /** The batch after `last`. */
  next: (last: Row) => Promise<Row[]>;
  record: (row: Row) => Record<string, unknown>;
  log: { warn(obj: object, msg: string): void };
  /** 'audit' → 'audit CSV export stopped before its end'. */
  name: string;
}

async function* records<Row>({ first, batch: size, next, record }: CsvExport<Row>) {
  let batch = first;
  for (;;) {
    for (const row of batch) yield record(row);
    const last = batch.at(-1);
    if (batch.length < size || !last) return;
    batch = await next(last);
  }
}

/** The CSV (with a BOM, for spreadsheets) as a stream. */
export function csvStream<Row>(spec: CsvExport<Row>): Readable {
  const csv = stringify({ header: true, columns: [...spec.columns], bom: true, escape_formulas: true });
  pipeline(Readable.from(records(spec)), csv).catch((err: unknown) =>
    spec.log.warn({ err }, `${spec.name} CSV export stopped before its end`),
  );
  return csv;
}

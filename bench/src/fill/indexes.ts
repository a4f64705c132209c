import type pg from 'pg';
import type { Step } from './bulk';

// Loading into tables without their secondary indexes and building those afterwards is many times faster
// than maintaining them row by row (the trigram GIN indexes above all). The definitions are read from
// the migrated database and re-run as they were, so the indexes measured are exactly the product's.

export interface SavedIndex {
  name: string;
  table: string;
  definition: string;
}

export async function dropSecondaryIndexes(client: pg.Client, tables: string[]): Promise<SavedIndex[]> {
  const { rows } = await client.query<SavedIndex>(
    `SELECT i.indexrelid::regclass::text AS name, t.relname AS table, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     JOIN pg_class t ON t.oid = i.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND t.relname = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
     ORDER BY t.relname, i.indexrelid`,
    [tables],
  );
  for (const index of rows) await client.query(`DROP INDEX ${index.name}`);
  return rows;
}

export async function recreateIndexes(client: pg.Client, indexes: SavedIndex[], step: Step) {
  for (const table of [...new Set(indexes.map((i) => i.table))]) {
    const mine = indexes.filter((i) => i.table === table);
    await step(`indexes of ${table} (${mine.length})`, async () => {
      for (const index of mine) await client.query(index.definition);
    });
  }
}

/** Sequences continue after the explicit ids, so rows the persona and the API create get new ids. */
export async function resetSequences(client: pg.Client, tables: string[]) {
  for (const table of tables) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`,
      [table],
    );
  }
}

import pg from 'pg';
import type { Report } from '../report';
import {
  AUDIT_TABLE,
  addPersonaAuditEvents,
  auditTableExists,
  deepAuditCursor,
  fillAuditEvents,
} from './audit-events';
import { FILLED_TABLES, fillBulk, shapeFor, stepTimer } from './bulk';
import { recountCounters, recountRevenue } from './counters';
import { dropSecondaryIndexes, recreateIndexes, resetSequences } from './indexes';
import { createPersona, type Persona } from './persona';

// One size's database filled: the bulk rows without their secondary indexes, the persona, the counters, the
// indexes again, then VACUUM (ANALYZE) and a CHECKPOINT; the steps' times go to the report.

const log = (line: string) => process.stderr.write(`${line}\n`);

export async function fillSize(databaseUrl: string, size: number, report: Report): Promise<Persona> {
  const shape = shapeFor(size);
  const steps: { name: string; seconds: number }[] = [];
  const step = stepTimer(steps, log);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off; SET maintenance_work_mem = '512MB'");
    // Skips the foreign-key triggers while loading rows that are consistent by construction; needs a
    // superuser, and without one the fill is only slower.
    await client
      .query('SET session_replication_role = replica')
      .catch(() => log('  (foreign keys checked row by row: not a superuser)'));
    const withAudit = await auditTableExists(client);
    const tables = withAudit ? [...FILLED_TABLES, AUDIT_TABLE] : FILLED_TABLES;
    const indexes = await dropSecondaryIndexes(client, tables);
    await fillBulk(client, shape, step);
    if (withAudit) await fillAuditEvents(client, shape, step);
    else log(`  ${AUDIT_TABLE}: no such table yet, skipped`);
    await resetSequences(client, FILLED_TABLES);
    const persona = await createPersona(client, shape);
    await recountCounters(client, step);
    if (withAudit) await addPersonaAuditEvents(client, shape, persona);
    await recreateIndexes(client, indexes, step);
    await recountRevenue(client, step);
    await step('VACUUM (ANALYZE)', () => client.query(`VACUUM (ANALYZE) ${tables.join(', ')}`));
    // The fill's pages written out now, not by a checkpoint in the middle of the measurements.
    await step('CHECKPOINT', () =>
      client.query('CHECKPOINT').catch(() => log('  (no CHECKPOINT: not a superuser)')),
    );
    if (withAudit) persona.auditCursor = await deepAuditCursor(client);
    report.fills.push({ size, steps });
    return persona;
  } finally {
    await client.end();
  }
}

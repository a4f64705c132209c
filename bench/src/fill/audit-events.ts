import type pg from 'pg';
import { coprimePrime, type Shape, type Step } from './bulk';

// audit_events comes with a later issue (its columns are not known here). When the table exists, this
// fills it with 10 rows per user, choosing each column's values from its type, its foreign key and its
// name; columns with a default (the id, usually) are left to it, except timestamps, which are spread over
// two years. A column it cannot fill stops the fill with its name: adapt columnValue() below.

export const AUDIT_TABLE = 'audit_events';
const EVENTS_PER_USER = 10;
const CHUNK = 1_000_000;

interface Column {
  name: string;
  dataType: string;
  udtName: string;
  nullable: boolean;
  hasDefault: boolean;
  maxLength: number | null;
  references: string | null;
}

export async function auditTableExists(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query(
    `SELECT 1 FROM information_schema.tables WHERE table_schema = 'public' AND table_name = $1`,
    [AUDIT_TABLE],
  );
  return rows.length > 0;
}

async function readColumns(client: pg.Client): Promise<Column[]> {
  const { rows } = await client.query<Column>(
    `SELECT c.column_name AS name, c.data_type AS "dataType", c.udt_name AS "udtName",
            c.is_nullable = 'YES' AS nullable,
            (c.column_default IS NOT NULL OR c.is_identity = 'YES' OR c.is_generated = 'ALWAYS') AS "hasDefault",
            c.character_maximum_length AS "maxLength",
            (SELECT ft.relname FROM pg_constraint k
               JOIN pg_class t ON t.oid = k.conrelid JOIN pg_class ft ON ft.oid = k.confrelid
               JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY(k.conkey)
              WHERE k.contype = 'f' AND t.relname = c.table_name AND a.attname = c.column_name
              LIMIT 1) AS "references"
     FROM information_schema.columns c
     WHERE c.table_schema = 'public' AND c.table_name = $1
     ORDER BY c.ordinal_position`,
    [AUDIT_TABLE],
  );
  return rows;
}

const ACTIONS = [
  'sign_in',
  'sign_out',
  'profile.update',
  'organization.create',
  'member.add',
  'payment.paid',
];
const text = (expression: string, column: Column) =>
  column.maxLength ? `left(${expression}, ${column.maxLength})` : expression;

/**
 * The SQL expression for one column of row e (1-based); $1 is the user count, $2 the organization count,
 * user ids go through `user` (a permutation, or the persona). null: leave it to its default.
 */
function columnValue(column: Column, user: string, enumLabels: Map<string, string[]>): string | null {
  const name = column.name.toLowerCase();
  const type = column.dataType;
  if (type.startsWith('timestamp')) return `now() - interval '1 second' * ((e * 7919) % (730 * 86400))`;
  if (type === 'date') return `current_date - (e % 730)::int`;
  if (column.hasDefault) return null;
  if (column.references === 'users' || /(^|_)(user|actor)_id$/.test(name)) return user;
  if (column.references === 'organizations' || /(^|_)org(anization)?_id$/.test(name))
    return `(e % $2::int) + 1`;
  if (column.references) return column.nullable ? 'NULL' : `1`;
  if (['integer', 'bigint', 'smallint'].includes(type)) return `(e % 1000)::int + 1`;
  if (type === 'numeric' || type === 'double precision' || type === 'real') return `(e % 1000)`;
  if (type === 'boolean') return `e % 2 = 0`;
  if (type === 'json' || type === 'jsonb') return `json_build_object('bench', e % 100)::${type}`;
  if (type === 'inet' || type === 'cidr')
    return `('10.' || e % 250 || '.' || e % 199 || '.' || e % 97)::inet`;
  if (type === 'uuid') return `md5('event' || e)::uuid`;
  if (type === 'bytea') return `decode(md5(e::text), 'hex')`;
  if (type === 'USER-DEFINED') {
    const labels = enumLabels.get(column.udtName);
    if (labels?.length)
      return `(ARRAY[${labels.map((l) => `'${l}'`).join(',')}])[1 + e % ${labels.length}]::"${column.udtName}"`;
  }
  if (type === 'character varying' || type === 'text' || type === 'character') {
    if (/ip/.test(name)) return text(`'10.0.' || e % 250 || '.' || e % 97`, column);
    if (/agent/.test(name)) return text(`'Mozilla/5.0 (bench) ' || e % 50`, column);
    if (/action|type|event|kind|verb/.test(name))
      return text(`(ARRAY[${ACTIONS.map((a) => `'${a}'`).join(',')}])[1 + e % ${ACTIONS.length}]`, column);
    return text(`'bench ' || e`, column);
  }
  if (column.nullable) return 'NULL';
  throw new Error(`${AUDIT_TABLE}.${column.name} (${type}): the bench does not know how to fill it`);
}

async function insertSql(client: pg.Client, user: string): Promise<string> {
  const columns = await readColumns(client);
  const { rows } = await client.query<{ type: string; labels: string[] }>(
    `SELECT t.typname AS type, array_agg(e.enumlabel ORDER BY e.enumsortorder) AS labels
     FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`,
  );
  const enumLabels = new Map(rows.map((r) => [r.type, r.labels]));
  const chosen = columns.flatMap((c) => {
    const value = columnValue(c, user, enumLabels);
    return value === null ? [] : [{ name: c.name, value }];
  });
  return `INSERT INTO ${AUDIT_TABLE} (${chosen.map((c) => `"${c.name}"`).join(', ')})
          SELECT ${chosen.map((c) => c.value).join(', ')} FROM generate_series($3::bigint, $4::bigint) AS e WHERE $1::int > 0 AND $2::int > 0`;
}

/** 10 events per user, in chunks of a million. */
export async function fillAuditEvents(client: pg.Client, shape: Shape, step: Step) {
  const total = shape.users * EVENTS_PER_USER;
  const prime = coprimePrime(shape.users, 7_919);
  const bulk = await insertSql(client, `((e * ${prime}) % $1::int)::int + 1`);
  await step(`${AUDIT_TABLE} (${total.toLocaleString('en')})`, async () => {
    for (let from = 1; from <= total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK - 1);
      await client.query(bulk, [shape.users, shape.organizations, from, to]);
    }
  });
}

/** 200 events of the persona's own, for a screen that lists one user's events. */
export async function addPersonaAuditEvents(client: pg.Client, shape: Shape, personaId: number) {
  const own = await insertSql(client, `${personaId}`);
  const first = shape.users * EVENTS_PER_USER + 1;
  await client.query(own, [shape.users, shape.organizations, first, first + 199]);
}

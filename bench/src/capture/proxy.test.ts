import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../settings';
import { type CaptureProxy, startCaptureProxy } from './proxy';

// The capture must see what a pg client sends (what Prisma's adapter uses): simple queries, and
// extended ones with text and binary parameters, while the answers still come back.

let proxy: CaptureProxy;
let client: pg.Client;

beforeAll(async () => {
  const target = new URL(settings.adminDatabaseUrl);
  proxy = await startCaptureProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const through = new URL(settings.adminDatabaseUrl);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  client = new pg.Client({ connectionString: through.toString() });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await proxy?.close();
});

describe('capture proxy', () => {
  it('records simple and parameterised statements with their values, and passes the answers on', async () => {
    proxy.take();
    await client.query('SELECT 1');
    const bytes = Buffer.from([1, 2, 255]);
    const { rows } = await client.query(
      'SELECT $1::int + 1 AS n, length($2::bytea) AS len, $3::text IS NULL AS z',
      [41, bytes, null],
    );
    expect(rows[0]).toEqual({ n: 42, len: 3, z: true });
    const statements = proxy.take();
    expect(statements.map((s) => s.sql)).toEqual([
      'SELECT 1',
      'SELECT $1::int + 1 AS n, length($2::bytea) AS len, $3::text IS NULL AS z',
    ]);
    expect(statements[1]?.params).toEqual(['41', bytes, null]);
    expect(proxy.take()).toEqual([]);
  });

  it('follows a named statement parsed once and bound again', async () => {
    proxy.take();
    for (const n of [1, 2])
      await client.query({ name: 'bench-test', text: 'SELECT $1::int AS n', values: [n] });
    const statements = proxy.take();
    expect(statements).toEqual([
      { sql: 'SELECT $1::int AS n', params: ['1'] },
      { sql: 'SELECT $1::int AS n', params: ['2'] },
    ]);
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createUser, type TestUser } from '../../../test/factories';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const URL_PATH = '/api/v1/rest/admin/audit/export';
const exportCsv = (query: Record<string, string | number> = {}, who: TestUser | null = admin) =>
  t.app.inject({
    url: URL_PATH,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: who?.headers ?? {},
  });

const BOM = '\uFEFF';
const HEADER =
  'id,at,actor_id,actor_name,actor_email,action,action_name,target_type,target_id,organization_id,ip,details';

/** RFC 4180 rows of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** An event with the actor's name and the details chosen by the test, inserted directly. */
async function insertEvent(data: {
  organizationId: number;
  actorName: string;
  details?: object;
  at?: string;
}) {
  await t.prisma.$executeRaw`
    INSERT INTO audit_events (at, actor_id, actor_name, actor_email, action, target_type, target_id, organization_id, ip, details)
    VALUES (${data.at ?? '2026-03-01T10:00:00Z'}::timestamptz, 1, ${data.actorName}, 'x@example.com',
            'organization.updated', 'organization', ${data.organizationId}::int, ${data.organizationId}::int,
            '10.1.2.3', ${JSON.stringify(data.details ?? {})}::jsonb)`;
}

describe('GET /admin/audit/export', () => {
  it('answers CSV for admins only', async () => {
    const user = await createUser(t);
    expect((await exportCsv({}, user)).statusCode).toBe(403);
    expect((await exportCsv({}, null)).statusCode).toBe(401);
    const res = await exportCsv({ organization_id: 1_999_999_999 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Nothing matches: the header line alone, after the byte order mark spreadsheets need for UTF-8.
    expect(res.body).toBe(`${BOM}${HEADER}\n`);
  });

  it('quotes per RFC 4180 and defuses formulas', async () => {
    const organizationId = 1_500_000_001;
    const names = [
      '=HYPERLINK("http://evil","x")',
      '+1+2',
      '-3',
      '@SUM(A1)',
      'Иванов, Иван',
      'Он сказал "да"',
      'две\nстроки',
    ];
    for (const [i, actorName] of names.entries()) {
      await insertEvent({ organizationId, actorName, at: `2026-03-01T10:00:0${i}Z` });
    }
    await insertEvent({
      organizationId,
      actorName: 'Детали',
      details: { name: '=1+1', note: 'a,"b"' },
      at: '2026-03-01T09:00:00Z',
    });

    const res = await exportCsv({ organization_id: organizationId });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith(BOM)).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]?.join(',')).toBe(HEADER);
    const byName = rows.slice(1).map((r) => r[3]);
    // Newest first; a formula-looking cell starts with ' so spreadsheets show it as text.
    expect(byName).toEqual([
      'две\nстроки',
      'Он сказал "да"',
      'Иванов, Иван',
      "'@SUM(A1)",
      "'-3",
      "'+1+2",
      `'=HYPERLINK("http://evil","x")`,
      'Детали',
    ]);
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(res.body).toContain('"Иванов, Иван"');
    const last = rows.at(-1) ?? [];
    expect(last.slice(5, 11)).toEqual([
      'organization.updated',
      'Организация изменена',
      'organization',
      String(organizationId),
      String(organizationId),
      '10.1.2.3',
    ]);
    expect(JSON.parse(last[11] ?? '')).toEqual({ name: '=1+1', note: 'a,"b"' });
  });

  it('applies the filters of the list', async () => {
    const organizationId = 1_500_000_002;
    await insertEvent({ organizationId, actorName: 'Март', at: '2026-03-05T10:00:00Z' });
    await insertEvent({ organizationId, actorName: 'Апрель', at: '2026-04-05T10:00:00Z' });
    const names = async (query: Record<string, string | number>) => {
      const res = await exportCsv({ organization_id: organizationId, ...query });
      expect(res.statusCode, res.body).toBe(200);
      return parseCsv(res.body.slice(1))
        .slice(1)
        .map((r) => r[3]);
    };
    expect(await names({})).toEqual(['Апрель', 'Март']);
    expect(await names({ from: '2026-04-01' })).toEqual(['Апрель']);
    expect(await names({ to: '2026-03-31' })).toEqual(['Март']);
    expect(await names({ action: 'plan.created' })).toEqual([]);
    expect(await names({ actor_id: 1 })).toEqual(['Апрель', 'Март']);
    expect((await exportCsv({ action: 'nope' })).statusCode).toBe(400);
    expect((await exportCsv({ cursor: 'abc' })).statusCode).toBe(400);
  });

  it('streams every matching event across its read batches, chunked, without a length', async () => {
    const organizationId = 1_500_000_003;
    await t.prisma.$executeRaw`
      INSERT INTO audit_events (at, actor_id, actor_name, action, organization_id, details)
      SELECT timestamptz '2026-05-01T00:00:00Z' - g * interval '1 second', 1, 'Поток ' || g,
             'member.added', ${organizationId}::int, '{}'::jsonb
      FROM generate_series(1, 2500) g`;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${URL_PATH}?organization_id=${organizationId}`, {
      headers: admin.headers,
    });
    expect(res.status).toBe(200);
    // A body built in memory would be sent with its length; a stream goes out in chunks as it is read.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    const reader = res.body?.getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    const rows = parseCsv(text.replace(BOM, '')).slice(1);
    expect(rows).toHaveLength(2500);
    expect(rows[0]?.[3]).toBe('Поток 1');
    expect(rows.at(-1)?.[3]).toBe('Поток 2500');
  });
});

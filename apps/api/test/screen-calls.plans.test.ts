import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { createScreenPersona, type ScreenPersona } from './screen-persona';
import { recordStatements, type Statement } from './statements';

// Issue 12: the plans of the signed-in person's screen calls at 100k users (10k organizations, 100k
// members, invitations and ownership offers of strangers, 50k other sessions) read the indexes meant for
// them and scan none of the big tables (decision 0114). The statements are the ones the app sent, each
// EXPLAINed with its own parameters; nothing here is a timing.

const USERS = 100_000;
const PER_ORGANIZATION = 10;
const BIG_TABLES = ['users', 'members', 'organizations', 'invitations', 'ownership_transfers', 'sessions'];

const FILL = [
  `INSERT INTO users (email, name, email_verified_at, vault_key)
   SELECT 'bulk' || i || '@example.com', 'Пользователь ' || i, now(), decode(md5(i::text), 'hex')
   FROM generate_series(1, ${USERS}) AS i`,
  `INSERT INTO organizations (name, type_id, owner_id)
   SELECT 'Команда ' || o, 1 + o % 3, (o * 7919) % ${USERS} + 1 FROM generate_series(1, ${USERS / PER_ORGANIZATION}) AS o`,
  `INSERT INTO members (organization_id, user_id, type_id, status)
   SELECT o.id, CASE WHEN k = 0 THEN o.owner_id ELSE (o.id * 104729 + k * 7919) % ${USERS} + 1 END,
     CASE WHEN k = 0 THEN 1 ELSE 2 END,
     (CASE WHEN k = 9 THEN 'pending' ELSE 'active' END)::member_status
   FROM organizations o CROSS JOIN generate_series(0, ${PER_ORGANIZATION - 1}) AS k
   ON CONFLICT DO NOTHING`,
  `INSERT INTO invitations (organization_id, email, type_id, token_hash, sent_at, expires_at)
   SELECT o.id, 'guest' || o.id || '@example.com', 2, sha256(convert_to('bulk-invite-' || o.id, 'UTF8')), now(),
     now() + interval '7 days' FROM organizations o`,
  `INSERT INTO ownership_transfers (organization_id, from_user_id, to_user_id, expires_at)
   SELECT o.id, o.owner_id, (o.owner_id % ${USERS}) + 1, now() + interval '7 days'
   FROM organizations o WHERE o.id % 10 = 0`,
  `INSERT INTO sessions (user_id, token_hash, expires_at)
   SELECT i, sha256(convert_to('bulk-session-' || i, 'UTF8')), now() + interval '170 days'
   FROM generate_series(1, ${USERS / 2}) AS i`,
];

let t: TestApp;
let p: ScreenPersona;
let explain: pg.Client;
beforeAll(async () => {
  t = await buildTestApp();
  explain = new pg.Client({ connectionString: t.databaseUrl });
  await explain.connect();
  for (const statement of FILL) await explain.query(statement);
  p = await createScreenPersona(t, 3);
  await explain.query('VACUUM (ANALYZE)');
}, 120_000);
afterAll(async () => {
  await explain?.end();
  await t?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];

/** The plan nodes of every statement the call sent (the session lookup included). */
async function plansOf(url: string, signedIn = true) {
  const { result, statements } = await recordStatements(() =>
    t.app.inject({ method: 'GET', url, ...(signedIn ? { headers: p.me.headers } : {}) }),
  );
  expect(result.statusCode, result.body).toBe(200);
  const nodes: PlanNode[] = [];
  for (const statement of statements as Statement[]) {
    const { rows } = await explain.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
    nodes.push(...walk((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan));
  }
  return {
    indexes: new Set(nodes.map((n) => n['Index Name']).filter(Boolean)),
    seqScans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
  };
}

const cases = [
  ['profile/me', '/api/v1/rest/profile/me', ['sessions_token_hash_key', 'users_pkey']],
  [
    'organizations (home)',
    '/api/v1/rest/organizations?page=1&perPage=20',
    ['members_user_id_status_idx', 'organizations_owner_id_idx', 'members_organization_id_type_id_id_idx'],
  ],
  ['organizations/{id}', '/api/v1/rest/organizations/{owned}', ['organizations_pkey']],
  [
    'desktop collaborators',
    '/api/v1/desktop/organizations/{owned}/collaborators',
    ['members_organization_id_user_id_key'],
  ],
  [
    'pending-users',
    '/api/v1/rest/organizations/pending-users?perPage=100',
    ['members_user_id_status_idx', 'members_organization_id_status_type_id_idx'],
  ],
  ['invitations (home)', '/api/v1/rest/invitations?perPage=100', ['invitations_email_status_expires_at_idx']],
  ['transfers (home)', '/api/v1/rest/transfers?perPage=100', ['ownership_transfers_to_user_id_status_idx']],
  [
    'organizations/{id}/invitations',
    '/api/v1/rest/organizations/{owned}/invitations?status=pending%2Cexpired&perPage=100',
    ['invitations_organization_id_status_expires_at_idx'],
  ],
] as const;

describe('plans at 100k users', () => {
  it.each(cases)('%s reads its indexes and scans no big table', async (_name, path, expected) => {
    const { indexes, seqScans } = await plansOf(path.replace('{owned}', String(p.ownedId)));
    for (const index of expected) expect(indexes, [...indexes].join(', ')).toContain(index);
    expect(seqScans.filter((table) => BIG_TABLES.includes(table ?? ''))).toEqual([]);
  });

  it('invitations/token/{token}: the token hash index, signed out', async () => {
    const { indexes, seqScans } = await plansOf(`/api/v1/rest/invitations/token/${p.inviteToken}`, false);
    expect(indexes).toContain('invitations_token_hash_key');
    expect(seqScans.filter((table) => BIG_TABLES.includes(table ?? ''))).toEqual([]);
  });
});

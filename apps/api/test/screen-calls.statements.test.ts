import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import { createScreenPersona, type ScreenPersona } from './screen-persona';
import { recordStatements } from './statements';

// Issue 12: each call a signed-in person's screens make on load costs a fixed number of SQL statements,
// whatever the page size and however many rows there are: the session lookup and one statement for the
// answer (decision 0114). Counted on the wire of the app's pool; never a timing.

let t: TestApp;
let p: ScreenPersona;
beforeAll(async () => {
  t = await buildTestApp();
  p = await createScreenPersona(t, 12);
});
afterAll(async () => {
  await t?.close();
});

async function statementsOf(url: string, signedIn = true) {
  const { result, statements } = await recordStatements(() =>
    t.app.inject({ method: 'GET', url, ...(signedIn ? { headers: p.me.headers } : {}) }),
  );
  expect(result.statusCode, result.body).toBe(200);
  return { count: statements.length, body: result.json() as { data: unknown; meta?: { total: number } } };
}

const lists = [
  ['organizations (home)', '/api/v1/rest/organizations?page=1&perPage=', 24],
  ['pending-users', '/api/v1/rest/organizations/pending-users?perPage=', 12],
  ['invitations (home)', '/api/v1/rest/invitations?perPage=', 12],
  ['transfers (home)', '/api/v1/rest/transfers?perPage=', 12],
  [
    'organization invitations',
    '/api/v1/rest/organizations/{owned}/invitations?status=pending%2Cexpired&perPage=',
    12,
  ],
  ['desktop collaborators', '/api/v1/desktop/organizations/{owned}/collaborators?perPage=', 4],
] as const;

describe('statements per call', () => {
  it.each(lists)('%s: two (session, answer) for a page of 2 and of 50', async (_name, path, total) => {
    const url = (perPage: number) => path.replace('{owned}', String(p.ownedId)) + perPage;
    const small = await statementsOf(url(2));
    const large = await statementsOf(url(50));
    expect(small.body.meta?.total).toBe(total);
    expect(large.body.data).toHaveLength(total);
    expect(small.count).toBe(2);
    expect(large.count).toBe(2);
  });

  it('profile/me and an organization with its members: two each', async () => {
    expect((await statementsOf('/api/v1/rest/profile/me')).count).toBe(2);
    expect((await statementsOf(`/api/v1/rest/organizations/${p.ownedId}`)).count).toBe(2);
  });

  it('the invitation link: one without a session, two with one', async () => {
    const url = `/api/v1/rest/invitations/token/${p.inviteToken}`;
    expect((await statementsOf(url, false)).count).toBe(1);
    expect((await statementsOf(url)).count).toBe(2);
  });

  it('a session idle for over a minute is touched in one more statement, then not again', async () => {
    await t.prisma.session.updateMany({
      where: { userId: p.me.id },
      data: { lastUsedAt: new Date(Date.now() - 5 * 60_000) },
    });
    expect((await statementsOf('/api/v1/rest/profile/me')).count).toBe(3);
    expect((await statementsOf('/api/v1/rest/profile/me')).count).toBe(2);
  });
});

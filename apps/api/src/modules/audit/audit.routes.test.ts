import { encodeAuditCursor, INVALID_CURSOR } from '@cabinet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';
import { lookUp } from '../../../test/teams';
import { AUDIT_FORBIDDEN } from './audit.service';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let orgId: number;
let otherOrgId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t, { name: 'Админ' });
  owner = await createUser(t, { name: 'Владелица' });
  member = await createUser(t, { name: 'Участник' });
  stranger = await createUser(t);
  orgId = (await createOrganization(t, owner, { members: [{ id: member.id }] })).id;
  otherOrgId = (await createOrganization(t, stranger)).id;
});
afterAll(async () => {
  await t?.close();
});

type Query = Record<string, string | number>;
const get = (url: string, who: TestUser | null, query: Query = {}) =>
  t.app.inject({
    url,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: who?.headers ?? {},
  });
const orgAudit = (id: number, who: TestUser | null, query: Query = {}) =>
  get(`/api/v1/rest/organizations/${id}/audit`, who, query);
const adminAudit = (who: TestUser | null, query: Query = {}) => get('/api/v1/rest/admin/audit', who, query);

/** Inserts `count` events straight into the table, one second apart going back from `newest`. */
async function seed(
  count: number,
  row: { action: string; organizationId?: number | null; actorId?: number },
) {
  await t.prisma.$executeRaw`
    INSERT INTO audit_events (at, actor_id, actor_name, actor_email, action, target_type, organization_id, ip, details)
    SELECT timestamptz '2026-01-10T12:00:00Z' - (g * interval '1 second'), ${row.actorId ?? null}::int,
           'Сид', 'seed@example.com', ${row.action}, 'user', ${row.organizationId ?? null}::int, '10.0.0.1',
           jsonb_build_object('n', g)
    FROM generate_series(1, ${count}) g`;
}

/** Every page of a list, following next_cursor. */
async function walk(fetchPage: (cursor?: string) => ReturnType<typeof adminAudit>) {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const res = await fetchPage(cursor);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    ids.push(...body.data.map((e: { id: number }) => e.id));
    if (body.meta.next_cursor === null) return { ids, pages: pages + 1 };
    cursor = body.meta.next_cursor;
  }
  throw new Error('did not end');
}

describe('GET /organizations/{id}/audit', () => {
  it("lists the organization's events, newest first, for its owner and site admins", async () => {
    await lookUp(t, owner, stranger);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/rest/organizations/add-member/${orgId}`,
      headers: owner.headers,
      payload: { user_id: stranger.id },
    });
    expect(added.statusCode, added.body).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/organizations/${orgId}`,
      headers: owner.headers,
      payload: { name: 'Новое имя', type: 2 },
    });

    const res = await orgAudit(orgId, owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.meta).toEqual({ perPage: 20, next_cursor: null });
    expect(body.data.map((e: { action: string }) => e.action)).toEqual([
      'organization.updated',
      'member.added',
    ]);
    const [updated, addedEvent] = body.data;
    expect(addedEvent).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: { id: owner.id, name: 'Владелица', email: owner.email },
      action: 'member.added',
      target_type: 'user',
      target_id: stranger.id,
      organization_id: orgId,
      // No client address in an organization's log (decision 0193).
      details: { name: 'Тестовый Пользователь', email: stranger.email },
    });
    expect(updated.details).toMatchObject({ name: { to: 'Новое имя' } });
    expect(Date.parse(updated.at)).toBeGreaterThanOrEqual(Date.parse(addedEvent.at));

    // A site admin sees the same; another organization's events are not in it.
    const byAdmin = await orgAudit(orgId, admin);
    expect(byAdmin.json().data).toEqual(body.data);
    expect((await orgAudit(otherOrgId, admin)).json().data).toEqual([]);
  });

  it('refuses a member (403), a stranger and an unknown id (404), and no session (401)', async () => {
    const asMember = await orgAudit(orgId, member);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ success: false, message: AUDIT_FORBIDDEN, data: null });
    const other = await createUser(t);
    expect((await orgAudit(orgId, other)).statusCode).toBe(404);
    expect((await orgAudit(2_000_000_000, owner)).statusCode).toBe(404);
    expect((await orgAudit(orgId, null)).statusCode).toBe(401);
  });

  it('refuses bad input with 400 before any access check', async () => {
    const bad: Query[] = [
      { cursor: 'nonsense!' },
      { perPage: 0 },
      { perPage: 101 },
      { action: 'member.exploded' },
      { actor_id: 'x' },
      { from: 'yesterday' },
      { organization_id: otherOrgId },
      { unknown: 1 },
    ];
    for (const query of bad) {
      const res = await orgAudit(orgId, stranger, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('GET /admin/audit', () => {
  it('is for site admins only', async () => {
    expect((await adminAudit(owner)).statusCode).toBe(403);
    expect((await adminAudit(null)).statusCode).toBe(401);
    expect((await adminAudit(admin)).statusCode).toBe(200);
  });

  it('pages with an opaque cursor: every event once, newest first, next_cursor null at the end', async () => {
    const org = await createOrganization(t, owner);
    await seed(45, { action: 'plan.created', organizationId: org.id });
    const first = await adminAudit(admin, { organization_id: org.id, perPage: 20 });
    expect(first.json().data).toHaveLength(20);
    expect(first.json().meta.next_cursor).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]+$/));

    const { ids, pages } = await walk((cursor) =>
      adminAudit(admin, { organization_id: org.id, perPage: 20, ...(cursor ? { cursor } : {}) }),
    );
    expect(pages).toBe(3);
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
    // Newest first: seeded one second apart going back, so ids (inserted in that order) ascend.
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // Events sharing one millisecond are split by id, never skipped or repeated.
    const sameMoment = await createOrganization(t, owner);
    await t.prisma.$executeRaw`
      INSERT INTO audit_events (at, action, organization_id)
      SELECT timestamptz '2026-02-01T00:00:00Z', 'plan.updated', ${sameMoment.id}::int FROM generate_series(1, 7)`;
    const tied = await walk((cursor) =>
      adminAudit(admin, { organization_id: sameMoment.id, perPage: 3, ...(cursor ? { cursor } : {}) }),
    );
    expect(tied.ids).toHaveLength(7);
    expect(tied.ids).toEqual([...tied.ids].sort((a, b) => b - a));
  });

  it('refuses a cursor it did not make with 400 in Russian', async () => {
    const forged = Buffer.from('v2.1.1').toString('base64url');
    for (const cursor of [
      '%%%',
      'abc',
      forged,
      'A'.repeat(80),
      `${encodeAuditCursor({ atMs: 1, id: 1 })}$`,
    ]) {
      const res = await adminAudit(admin, { cursor });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().errors.cursor).toEqual([INVALID_CURSOR]);
    }
    // A well-formed cursor past every event is just an empty last page.
    const end = await adminAudit(admin, { cursor: encodeAuditCursor({ atMs: 0, id: 1 }) });
    expect(end.statusCode).toBe(200);
    expect(end.json()).toMatchObject({ data: [], meta: { next_cursor: null } });
  });

  it('filters by action, actor, organization and date range (inclusive days)', async () => {
    const org = await createOrganization(t, owner);
    const actor = await createUser(t);
    await seed(5, { action: 'file.deleted', organizationId: org.id, actorId: actor.id });
    await seed(3, { action: 'plan.deleted', organizationId: org.id });
    const ids = async (query: Query) => {
      const res = await adminAudit(admin, { organization_id: org.id, perPage: 100, ...query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { action: string; actor: { id: number } | null; at: string }[];
    };
    expect(await ids({})).toHaveLength(8);
    expect((await ids({ action: 'plan.deleted' })).every((e) => e.action === 'plan.deleted')).toBe(true);
    expect(await ids({ action: 'plan.deleted' })).toHaveLength(3);
    expect(await ids({ actor_id: actor.id })).toHaveLength(5);
    expect((await ids({ actor_id: actor.id }))[0]?.actor?.id).toBe(actor.id);
    // The seeds sit on 2026-01-10 11:59:5x UTC.
    expect(await ids({ from: '2026-01-10', to: '2026-01-10' })).toHaveLength(8);
    expect(await ids({ to: '2026-01-09' })).toHaveLength(0);
    expect(await ids({ from: '2026-01-11' })).toHaveLength(0);
    // 11:59:57, :58 and :59 of each seed.
    expect(await ids({ from: '2026-01-10T11:59:57Z', to: '2026-01-10T11:59:59Z' })).toHaveLength(6);
    expect(await ids({ from: '2026-01-10T14:59:57+03:00' })).toHaveLength(6);
    expect(await ids({ from: '2026-01-10T11:59:56Z', to: '2026-01-10T11:59:56.999Z' })).toHaveLength(1);

    const reversed = await adminAudit(admin, { from: '2026-01-11', to: '2026-01-10' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.to).toEqual(['Дата «с» позже даты «по»']);
    expect((await adminAudit(admin, { to: '2026-01-10T12:00' })).statusCode).toBe(400);
  });

  it('the organization list takes the same filters', async () => {
    const org = await createOrganization(t, owner);
    await seed(4, { action: 'member.removed', organizationId: org.id, actorId: member.id });
    await seed(2, { action: 'member.added', organizationId: org.id });
    const res = await orgAudit(org.id, owner, { action: 'member.removed', actor_id: member.id, perPage: 3 });
    expect(res.json().data).toHaveLength(3);
    const next = await orgAudit(org.id, owner, {
      action: 'member.removed',
      actor_id: member.id,
      perPage: 3,
      cursor: res.json().meta.next_cursor,
    });
    expect(next.json().data).toHaveLength(1);
    expect(next.json().meta.next_cursor).toBeNull();
    expect((await orgAudit(org.id, owner, { from: '2026-01-11' })).json().data).toEqual([]);
  });
});

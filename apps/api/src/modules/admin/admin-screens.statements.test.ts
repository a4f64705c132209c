import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import {
  createAdmin,
  createOrganization,
  createUnverified,
  createUser,
  startAppWithAdminAndUser,
  type TestUser,
} from '../../../test/factories';
import { recordStatements } from '../../../test/statements';
import { injectUpload } from '../../../test/uploads';

// Issue 12: the admin screens' calls, and the subscription and audit screens', each cost one SQL
// statement besides the session's, whatever the page size and however many rows there are
// (docs/decisions/0118-one-statement-lists.md).

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let organizationId: number;
let avatarId: number;

/** More of everything the calls read: users, organizations with members, orders and audit events. */
async function grow(n: number) {
  const people = [];
  for (let i = 0; i < n; i++) people.push(await createUser(t, { name: `Рост ${i}` }));
  await createUnverified(t);
  for (let i = 0; i < n; i++) {
    await createOrganization(t, people[i]!, { members: people.filter((_, j) => j !== i).slice(0, 6) });
  }
  await t.prisma.paymentOrder.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      label: `grow-${Date.now()}-${i}-${Math.random()}`,
      userId: owner.id,
      planId: 2,
      period: 'month' as const,
      method: 'AC',
      amount: '990.00',
      status: i % 3 === 0 ? ('pending' as const) : ('paid' as const),
      paidAt: i % 3 === 0 ? null : new Date(),
    })),
  });
  await t.prisma.auditEvent.createMany({
    data: Array.from({ length: n * 3 }, (_, i) => ({
      action: 'organization.updated',
      actorId: owner.id,
      actorName: 'Владелец',
      actorEmail: owner.email,
      organizationId: i % 2 === 0 ? organizationId : null,
      details: { i },
    })),
  });
}

const CALLS = (perPage: number) => [
  `/api/v1/rest/profile/list?page=1&perPage=${perPage}`,
  `/api/v1/rest/profile/list?search=${encodeURIComponent('рост')}&page=1&perPage=${perPage}`,
  `/api/v1/rest/profile/list?search=example&page=2&perPage=${perPage}`,
  `/api/v1/rest/profile/search?search=example&perPage=${perPage}`,
  `/api/v1/rest/organizations/list?page=1&perPage=${perPage}`,
  `/api/v1/rest/organizations/list?search=${encodeURIComponent('команда')}&sort_by[title]=asc&perPage=${perPage}`,
  `/api/v1/rest/admin/users-count`,
  `/api/v1/rest/admin/organizations-count`,
  `/api/v1/rest/admin/subscribes-count`,
  `/api/v1/rest/subscribes?perPage=${perPage}&sort_by=id&order=asc`,
  `/api/v1/rest/admin/audit?perPage=${perPage}`,
];

const OWNER_CALLS = (perPage: number) => [
  `/api/v1/rest/payments?page=1&perPage=${perPage}&status=paid`,
  `/api/v1/rest/organizations/${organizationId}/audit?perPage=${perPage}`,
];

/** Statements the call sends for its answer: all but the session lookup's (and its touch). */
async function cost(url: string, who: TestUser | null) {
  const { statements } = await recordStatements(async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
    expect(res.statusCode, url).toBe(200);
  });
  return statements.filter((s) => !/\bsessions\b/i.test(s.text)).length;
}

/** Statements per call for every call, at one page size. */
async function costs(perPage: number) {
  const out: Record<string, number> = {};
  for (const url of CALLS(perPage)) out[url.replace(/perPage=\d+/, 'perPage=N')] = await cost(url, admin);
  for (const url of OWNER_CALLS(perPage))
    out[url.replace(/perPage=\d+/, 'perPage=N')] = await cost(url, owner);
  out.download = await cost(`/api/v1/files/download/${avatarId}`, null);
  return out;
}

beforeAll(async () => {
  ({ t, admin, user: owner } = await startAppWithAdminAndUser());
  organizationId = (await createOrganization(t, owner, { name: 'Команда владельца' })).id;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#393' } })
    .png()
    .toBuffer();
  const upload = await injectUpload(t, owner, 'upload-image', {
    data: png,
    name: 'me.png',
    type: 'image/png',
  });
  avatarId = upload.json().data.id;
  await t.prisma.user.update({ where: { id: owner.id }, data: { avatarFileId: avatarId } });
  await grow(3);
}, 60_000);

afterAll(() => t?.close());

describe('statements per call (besides the session lookup)', () => {
  it('one for every call, whatever perPage and however many rows', async () => {
    await costs(5); // warm-up: the session's touch, prepared statements
    const small = await costs(5);
    const large = await costs(100);
    await grow(12);
    const grown = await costs(100);
    const one = Object.fromEntries(Object.keys(small).map((k) => [k, 1]));
    expect(small).toEqual(one);
    expect(large).toEqual(one);
    expect(grown).toEqual(one);
  }, 60_000);

  it('the deep audit page (a cursor) and the filtered admin lists are one statement too', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/v1/rest/admin/audit?perPage=2',
      headers: admin.headers,
    });
    const cursor = first.json().meta.next_cursor as string;
    expect(cursor).toBeTruthy();
    expect(await cost(`/api/v1/rest/admin/audit?perPage=2&cursor=${cursor}`, admin)).toBe(1);
    expect(await cost(`/api/v1/rest/organizations/list?user_id=${owner.id}`, admin)).toBe(1);
    expect(await cost(`/api/v1/rest/profile/list?search=${owner.id}`, admin)).toBe(1);
    const other = await createAdmin(t);
    expect(await cost(`/api/v1/rest/payments?user_id=${owner.id}`, other)).toBe(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdmin, createOrganization, createUser, type TestUser } from '../../../test/factories';

// Issue 27 item 8 (decision 0193): an organization's 'Журнал' shows no client address or user agent to its
// owner and organization admins; site admins keep them in /admin/audit.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, user: TestUser) =>
  t.app.inject({ url: `/api/v1/rest${url}`, headers: user.headers });

describe("the organization's log", () => {
  it('answers no ip and no user agent to the owner, an organization admin or a site admin; /admin/audit keeps them', async () => {
    const owner = await createUser(t);
    const orgAdmin = await createUser(t);
    const org = await createOrganization(t, owner, { members: [{ id: orgAdmin.id, typeId: 3 }] });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rest/organizations/${org.id}`,
      headers: { ...owner.headers, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/120' },
      payload: { name: 'Новое имя', type: 2 },
      remoteAddress: '203.0.113.77',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // An event whose details carry an address or a user agent (as a session event's do) is shown without them.
    await t.prisma.auditEvent.create({
      data: {
        action: 'organization.updated',
        organizationId: org.id,
        actorId: owner.id,
        ip: '198.51.100.9',
        details: { name: { to: 'x' }, ip: '198.51.100.9', user_agent: 'curl/8', device: 'Chrome, Windows' },
      },
    });
    const admin = await createAdmin(t);
    for (const reader of [owner, orgAdmin, admin]) {
      const res = await get(`/organizations/${org.id}/audit`, reader);
      expect(res.statusCode, res.body).toBe(200);
      const events = res.json().data as Record<string, unknown>[];
      expect(events).toHaveLength(2);
      for (const event of events) {
        expect(Object.keys(event)).not.toContain('ip');
        expect(event.details).not.toHaveProperty('ip');
        expect(event.details).not.toHaveProperty('user_agent');
        expect(event.details).not.toHaveProperty('device');
      }
      expect(res.body).not.toContain('203.0.113.77');
      expect(res.body).not.toContain('198.51.100.9');
      expect(res.body).not.toContain('Chrome');
      expect(res.body).not.toContain('curl');
    }
    const all = await get(`/admin/audit?organization_id=${org.id}`, admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((e: { ip: string | null }) => e.ip)).toEqual(['198.51.100.9', '203.0.113.77']);
    expect(all.json().data[0].details).toMatchObject({ user_agent: 'curl/8', device: 'Chrome, Windows' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOrganization, createUser } from '../../../test/factories';
import { restCall } from '../../../test/teams';

// Issue 31 (decision 0253): every change of a webhook endpoint is in the audit log, in the change's
// transaction, with the address but never its query string nor the secret.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { SECRETS_KEY: 'a-test-secrets-key-of-at-least-32-characters', WEBHOOKS_ALLOW_HTTP: 'true' },
  });
});
afterAll(() => t?.close());

describe('webhook endpoints in the audit log', () => {
  it('adding, changing, showing the secret, rotating and removing are each one event of the organization', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const base = `/organizations/${org.id}/webhooks`;
    const created = await restCall(t, 'POST', base, owner, {
      url: 'https://crm.example.com/hooks/cabinet?token=receiver-secret',
      event_types: ['organization.updated'],
    });
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json().data;
    expect((await restCall(t, 'PUT', `${base}/${id}`, owner, { enabled: false })).statusCode).toBe(200);
    // Saving what is already there changes nothing, so it writes nothing.
    expect((await restCall(t, 'PUT', `${base}/${id}`, owner, { enabled: false })).statusCode).toBe(200);
    expect((await restCall(t, 'GET', `${base}/${id}/secret`, owner)).statusCode).toBeLessThan(300);
    expect((await restCall(t, 'POST', `${base}/${id}/rotate-secret`, owner)).statusCode).toBeLessThan(300);
    expect((await restCall(t, 'DELETE', `${base}/${id}`, owner)).statusCode).toBe(200);

    const events = await t.prisma.auditEvent.findMany({
      where: { organizationId: org.id, targetType: 'webhook' },
      orderBy: { id: 'asc' },
    });
    expect(events.map((e) => e.action)).toEqual([
      'webhook.created',
      'webhook.updated',
      'webhook.secret_shown',
      'webhook.secret_rotated',
      'webhook.deleted',
    ]);
    expect(events.every((e) => e.actorId === owner.id && e.targetId === id)).toBe(true);
    expect(events[0]?.details).toMatchObject({
      url: 'https://crm.example.com/hooks/cabinet',
      event_types: ['organization.updated'],
    });
    expect(events[1]?.details).toEqual({ enabled: { from: true, to: false } });
    const stored = JSON.stringify(events.map((e) => e.details));
    expect(stored).not.toContain('receiver-secret');
    expect(stored).not.toContain(secret);
  });
});

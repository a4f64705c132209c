import { WEBHOOK_EVENT_TYPES } from '@cabinet/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
  uniqueEmail,
} from '../../../test/factories';
import { checkout, deliver, signedNotification } from '../../../test/payments';
import { codeSignIn } from '../../../test/sign-in';
import { lookUp, restCall } from '../../../test/teams';
import { WebhookReceiver } from '../../../test/webhook-receiver';
import { recordAudit } from '../../lib/audit';
import { transaction } from '../../plugins/db/database';
import { loadOrCreatePaymentSecret } from '../payments/payments.config';

// Issue 31, webhooks: every event type reaches a subscribed endpoint (a real HTTP receiver), and not an
// unsubscribed one or another organization's; signatures verify with the standardwebhooks package.

export const WEBHOOK_ENV = {
  SECRETS_KEY: 'a-test-secrets-key-of-at-least-32-characters',
  WEBHOOKS_ALLOW_HTTP: 'true',
  WEBHOOKS_ALLOW_PRIVATE: 'true',
};

let t: TestApp;
let admin: TestUser;
const receiver = new WebhookReceiver();
beforeAll(async () => {
  t = await buildTestApp({ env: WEBHOOK_ENV });
  admin = await createAdmin(t);
  await receiver.start();
});
afterAll(async () => {
  await t?.close();
  await receiver.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, body?: unknown) =>
  restCall(t, method, url, user, body);

async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, body?: unknown) {
  const res = await call(method, url, user, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data;
}

/** Lets every due delivery go. */
async function settle() {
  await t.app.webhooks.flush();
  await t.app.webhooks.idle();
}

const ORGANIZATION_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => !type.startsWith('user.'));

describe('events', () => {
  it('every event type reaches a subscribed endpoint, not an unsubscribed one nor another organization’s', async () => {
    const owner = await createUser(t, { name: 'Ольга Владелец' });
    const member = await createUser(t, { name: 'Мария Участник' });
    const newcomer = await createUser(t, { name: 'Нина Новая' });
    const org = await createOrganization(t, owner, { members: [{ id: member.id }] });
    const otherOwner = await createUser(t);
    const other = await createOrganization(t, otherOwner);

    const wide = await ok('POST', '/admin/webhooks', admin, {
      url: receiver.url('/wide'),
      description: 'CRM',
      event_types: [...WEBHOOK_EVENT_TYPES],
    });
    expect(wide.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const mine = await ok('POST', `/organizations/${org.id}/webhooks`, owner, {
      url: receiver.url('/org'),
      event_types: ORGANIZATION_TYPES,
    });
    await ok('POST', `/organizations/${org.id}/webhooks`, owner, {
      url: receiver.url('/org-narrow'),
      event_types: ['plan.expired'],
    });
    await ok('POST', `/organizations/${other.id}/webhooks`, otherOwner, {
      url: receiver.url('/other'),
      event_types: ORGANIZATION_TYPES,
    });

    // Organization events.
    await ok('POST', '/organizations', await createUser(t), { name: 'Через API', type: 2 });
    await ok('PUT', `/organizations/${org.id}`, owner, { name: 'Новое имя', type: 2 });
    // Adding by id takes an account the caller found by its exact e-mail (decision 0190).
    await lookUp(t, owner, newcomer);
    await ok('POST', `/organizations/add-member/${org.id}`, owner, { user_id: newcomer.id });
    await ok('PUT', `/organizations/update-member-type/${org.id}`, owner, { user_id: newcomer.id, type: 3 });
    await ok('DELETE', `/organizations/delete-member/${org.id}`, owner, { user_id: newcomer.id });
    const invited = await ok('POST', `/organizations/${org.id}/invitations`, owner, {
      email: newcomer.email,
      type_id: 2,
    });
    await ok('POST', `/invitations/${invited.id}/accept`, newcomer);
    const declined = await createUser(t);
    const second = await ok('POST', `/organizations/${org.id}/invitations`, owner, {
      email: declined.email,
      type_id: 2,
    });
    await ok('POST', `/invitations/${second.id}/decline`, declined);
    const third = await ok('POST', `/organizations/${org.id}/invitations`, owner, {
      email: uniqueEmail(),
      type_id: 2,
    });
    await ok('DELETE', `/organizations/${org.id}/invitations/${third.id}`, owner);
    await ok('POST', `/organizations/${org.id}/transfer`, owner, { user_id: member.id });
    await ok('POST', `/organizations/${org.id}/transfer/accept`, member);

    // Payments and plans (a test-mode checkout paid through the provider's notification).
    const payer = await createUser(t);
    const { label } = await checkout(t, payer);
    const order = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label } });
    const secret = await loadOrCreatePaymentSecret(t.env.DATA_DIR);
    expect((await deliver(t, signedNotification(secret, label, order.amount.toFixed(2)))).statusCode).toBe(
      200,
    );
    expect((await deliver(t, signedNotification(secret, label, '1.00'))).statusCode).toBe(200);
    const refund = await t.prisma.paymentRefund.findFirstOrThrow({ where: { label } });
    await ok('POST', `/admin/refunds/${refund.id}/resolve`, admin);
    await t.prisma.user.update({
      where: { id: payer.id },
      data: { planId: 2, planExpiresAt: new Date(Date.now() - 30 * 24 * 3600_000) },
    });
    await t.app.jobs.run('plan-expiry');

    // Install-wide events.
    const signedUp = uniqueEmail('new');
    await codeSignIn(t, signedUp);
    const blocked = await createUser(t);
    await ok('POST', `/admin/users/${blocked.id}/block`, admin);
    const leaving = await createUser(t);
    await ok('DELETE', `/profile/delete/${leaving.id}`, leaving);

    await ok('DELETE', `/organizations/${org.id}`, member);
    await settle();

    const wideTypes = new Set(receiver.types('/wide'));
    for (const type of WEBHOOK_EVENT_TYPES) expect(wideTypes, type).toContain(type);
    const orgTypes = new Set(receiver.types('/org'));
    // The organization's own endpoint goes with it, so organization.deleted reaches only install-wide ones;
    // its first event, organization.created, came before any endpoint of it could exist.
    for (const type of ORGANIZATION_TYPES.filter(
      (x) =>
        ![
          'organization.created',
          'organization.deleted',
          'payment.succeeded',
          'payment.refunded',
          'plan.changed',
          'plan.expired',
        ].includes(x),
    )) {
      expect(orgTypes, type).toContain(type);
    }
    expect([...orgTypes].filter((x) => x.startsWith('user.') || x.startsWith('payment.'))).toEqual([]);
    expect(receiver.at('/org-narrow')).toEqual([]);
    expect(receiver.at('/other')).toEqual([]);

    // Every request verifies with the standardwebhooks package; the payload is {type, timestamp, data}.
    for (const request of receiver.at('/wide')) {
      const body = new Webhook(wide.secret).verify(request.body, request.headers as Record<string, string>);
      expect(body).toMatchObject({
        type: expect.any(String),
        timestamp: expect.any(String),
        data: expect.any(Object),
      });
    }
    const orgBody = JSON.parse(receiver.at('/org')[0]?.body ?? '{}');
    expect(orgBody.data.organization_id).toBe(org.id);
    expect(mine.organization_id).toBe(org.id);
  });

  it('a change that rolls back sends nothing', async () => {
    const owner = await createUser(t);
    const org = await createOrganization(t, owner);
    const hook = await ok('POST', `/organizations/${org.id}/webhooks`, owner, {
      url: receiver.url('/rollback'),
      event_types: ['organization.updated'],
    });
    await expect(
      transaction(t.prisma, async (tx) => {
        await recordAudit(
          tx,
          { actor: null, ip: null, now: new Date() },
          {
            action: 'organization.updated',
            targetId: org.id,
            organizationId: org.id,
          },
        );
        throw new Error('the change fails after its event');
      }),
    ).rejects.toThrow('the change fails');
    await settle();
    expect(await t.prisma.webhookDelivery.count({ where: { endpointId: hook.id } })).toBe(0);
    expect(receiver.at('/rollback')).toEqual([]);
  });
});

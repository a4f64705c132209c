import type { AuditAction } from '@cabinet/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startAddingIds } from '../../../test/desktop';
import {
  createAdmin,
  createOrganization,
  createUser,
  type TestUser,
  uniqueEmail,
} from '../../../test/factories';
import { checkout, deliver, signedNotification } from '../../../test/payments';
import { lookUp } from '../../../test/teams';
import { injectUpload } from '../../../test/uploads';
import { loadOrCreatePaymentSecret } from '../payments/payments.config';

// Every verb of today's code that the audit log lists writes its event (issue 14): what, who, the object,
// the organization, the address and the details. The rules of the table are in audit.rules.test.ts.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t, { name: 'Админ' });
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, who: TestUser | null, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/** The events of `action` about `targetId`, oldest first. */
const events = (action: AuditAction, targetId?: number) =>
  t.prisma.auditEvent.findMany({
    where: { action, ...(targetId ? { targetId } : {}) },
    orderBy: { id: 'asc' },
  });

async function onlyEvent(action: AuditAction, targetId?: number) {
  const found = await events(action, targetId);
  expect(found, action).toHaveLength(1);
  return found[0] as NonNullable<(typeof found)[number]>;
}

/** Text of a row (its id is a BigInt). */
const text = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v));

const actorOf = (who: TestUser) => ({ actorId: who.id, actorEmail: who.email });

describe('sign-in and sessions', () => {
  it('sign-in and sign-out, with the address and the account as actor', async () => {
    const email = uniqueEmail('signin');
    await call('POST', '/api/v1/auth/login', null, { loginKey: 'web', email });
    const code = await t.smtp.nextCode(email);
    const res = await call('POST', '/api/v1/auth/login', null, {
      loginKey: 'web',
      email,
      code: Number(code),
    });
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    const signedIn = await onlyEvent('user.signed_in', user.id);
    expect(signedIn).toMatchObject({
      actorId: user.id,
      actorEmail: email,
      targetType: 'user',
      ip: '127.0.0.1',
    });
    expect(signedIn.details).toEqual({ method: 'code' });
    // Nothing of the code or the token is kept anywhere in the event.
    expect(text(signedIn)).not.toContain(code);

    const token = res.json().data.access_token as string;
    await call('POST', '/api/v1/auth/logout', {
      id: user.id,
      email,
      token,
      headers: { 'x-session-id': token },
    });
    expect(await onlyEvent('user.signed_out', user.id)).toMatchObject({ actorId: user.id });
  });

  it("an admin's sign-out of a user, block and unblock (only real changes)", async () => {
    const user = await createUser(t);
    await call('POST', `/api/v1/rest/admin/users/${user.id}/logout`, admin);
    expect(await onlyEvent('user.signed_out_everywhere', user.id)).toMatchObject({
      ...actorOf(admin),
      actorName: 'Админ',
      details: { sessions: 1 },
    });
    await call('POST', `/api/v1/rest/admin/users/${user.id}/block`, admin);
    await call('POST', `/api/v1/rest/admin/users/${user.id}/block`, admin);
    await call('POST', `/api/v1/rest/admin/users/${user.id}/unblock`, admin);
    expect(await onlyEvent('user.blocked', user.id)).toMatchObject(actorOf(admin));
    expect(await onlyEvent('user.unblocked', user.id)).toMatchObject(actorOf(admin));
  });
});

describe('the account', () => {
  it('profile changes with what changed; an unchanged save records nothing', async () => {
    const user = await createUser(t, { name: 'Старое' });
    await call('PUT', `/api/v1/rest/profile/update/${user.id}`, user, { name: 'Старое', email: user.email });
    expect(await events('profile.updated', user.id)).toHaveLength(0);
    await call('PUT', `/api/v1/rest/profile/update/${user.id}`, user, { name: 'Новое', email: user.email });
    expect((await onlyEvent('profile.updated', user.id)).details).toEqual({
      name: { from: 'Старое', to: 'Новое' },
    });

    // An admin changes someone's e-mail directly.
    const other = await createUser(t);
    const email = uniqueEmail('moved');
    await call('PUT', `/api/v1/rest/profile/update/${other.id}`, admin, { email });
    expect(await onlyEvent('profile.updated', other.id)).toMatchObject({
      ...actorOf(admin),
      details: { email: { from: other.email, to: email } },
    });
  });

  it('an e-mail change: requested, then confirmed with the code (which is never kept)', async () => {
    const user = await createUser(t);
    const email = uniqueEmail('new');
    await call('PUT', `/api/v1/rest/profile/update/${user.id}`, user, { email });
    expect((await onlyEvent('email.change_requested', user.id)).details).toEqual({ email });
    const code = await t.smtp.nextCode(email);
    await call('POST', '/api/v1/rest/profile/confirm-email', user, { code });
    const changed = await onlyEvent('email.changed', user.id);
    expect(changed.details).toEqual({ email: { from: user.email, to: email } });
    expect(text(await t.prisma.auditEvent.findMany({ where: { targetId: user.id } }))).not.toContain(code);
  });

  it('account deletion keeps who did it after the account is gone', async () => {
    const user = await createUser(t, { name: 'Уходящий' });
    await call('DELETE', `/api/v1/rest/profile/delete/${user.id}`, user);
    expect(await onlyEvent('user.deleted', user.id)).toMatchObject({
      actorId: user.id,
      actorName: 'Уходящий',
      actorEmail: user.email,
      details: { email: user.email },
    });
    // And it shows so in the list, the account long gone.
    const res = await call('GET', `/api/v1/rest/admin/audit?actor_id=${user.id}`, admin);
    expect(res.json().data[0].actor).toEqual({ id: user.id, name: 'Уходящий', email: user.email });
  });
});

describe('organizations and members', () => {
  it('created, changed, deleted', async () => {
    const owner = await createUser(t);
    const created = await call('POST', '/api/v1/rest/organizations', owner, { name: 'Альфа', type: 2 });
    const id = created.json().data.id as number;
    expect(await onlyEvent('organization.created', id)).toMatchObject({
      organizationId: id,
      ...actorOf(owner),
      details: { name: 'Альфа', type: 2, owner_id: owner.id, members: 1 },
    });
    await call('PUT', `/api/v1/rest/organizations/${id}`, owner, { name: 'Альфа', type: 2 });
    expect(await events('organization.updated', id)).toHaveLength(0);
    await call('PUT', `/api/v1/rest/organizations/${id}`, owner, { name: 'Бета', type: 3 });
    expect((await onlyEvent('organization.updated', id)).details).toEqual({
      name: { from: 'Альфа', to: 'Бета' },
      type: { from: 2, to: 3 },
    });
    await call('DELETE', `/api/v1/rest/organizations/${id}`, admin);
    expect(await onlyEvent('organization.deleted', id)).toMatchObject({
      organizationId: id,
      ...actorOf(admin),
      details: { name: 'Бета' },
    });
  });

  it('member added, role kept, removed, left; join requests accepted, rejected, withdrawn', async () => {
    const owner = await createUser(t, { planId: 2, planExpiresAt: new Date(Date.now() + 30 * 86_400_000) });
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t)));
    if (!a || !b || !c || !d || !e) throw new Error('users');
    const org = await createOrganization(t, owner, {
      members: [{ id: b.id }, { id: c.id, status: 'pending' }, { id: d.id, status: 'pending' }, { id: e.id }],
    });
    const base = '/api/v1/rest/organizations';
    await lookUp(t, owner, a);
    await call('POST', `${base}/add-member/${org.id}`, owner, { user_id: a.id });
    expect(await onlyEvent('member.added', a.id)).toMatchObject({
      organizationId: org.id,
      ...actorOf(owner),
      details: { name: 'Тестовый Пользователь', email: a.email },
    });
    // Type 2 is the only assignable type: setting it again changes nothing and records nothing.
    await call('PUT', `${base}/update-member-type/${org.id}`, owner, { user_id: a.id, type: 2 });
    expect(await events('member.role_changed', a.id)).toHaveLength(0);
    await call('DELETE', `${base}/delete-member/${org.id}`, owner, { user_id: a.id });
    expect(await onlyEvent('member.removed', a.id)).toMatchObject({
      organizationId: org.id,
      details: { email: a.email },
    });
    await call('DELETE', `${base}/delete-member/${org.id}`, b, { user_id: b.id });
    expect(await onlyEvent('member.left', b.id)).toMatchObject({ organizationId: org.id, ...actorOf(b) });
    await call('POST', `${base}/accept-member/${org.id}`, owner, { user_id: c.id });
    expect(await onlyEvent('join_request.accepted', c.id)).toMatchObject({ organizationId: org.id });
    await call('DELETE', `${base}/delete-member/${org.id}`, owner, { user_id: d.id });
    expect(await onlyEvent('join_request.rejected', d.id)).toMatchObject({ organizationId: org.id });
    const f = await createUser(t);
    await t.prisma.member.create({ data: { organizationId: org.id, userId: f.id, status: 'pending' } });
    await call('DELETE', `${base}/delete-member/${org.id}`, f, { user_id: f.id });
    expect(await onlyEvent('join_request.withdrawn', f.id)).toMatchObject(actorOf(f));
  });

  it("the desktop's finish-adding: members by the owner, join requests by a member", async () => {
    const owner = await createUser(t);
    const member = await createUser(t);
    const [x, y] = [await createUser(t), await createUser(t)];
    const org = await createOrganization(t, owner, { members: [{ id: member.id }] });
    const url = `/api/v1/desktop/organizations/${org.id}/collaborators/finish-adding`;
    await startAddingIds(t, owner, org.id, [x.id]);
    await startAddingIds(t, member, org.id, [y.id]);
    await call('POST', url, owner, { accountIds: [x.id], keys: { [x.id]: 'secret-key-blob' } });
    const added = await onlyEvent('member.added', x.id);
    expect(added).toMatchObject({ organizationId: org.id, details: { via: 'desktop' } });
    expect(text(added)).not.toContain('secret-key-blob');
    await call('POST', url, member, { accountIds: [y.id] });
    expect(await onlyEvent('join_request.created', y.id)).toMatchObject({
      organizationId: org.id,
      ...actorOf(member),
    });
    // A second call adds nobody and records nothing.
    await call('POST', url, owner, { accountIds: [x.id] });
    expect(await events('member.added', x.id)).toHaveLength(1);
  });
});

describe('plans, payments and files', () => {
  it('plan created, changed (what changed), deleted', async () => {
    const body = {
      name: 'Аудит-тариф',
      description: 'Для проверки',
      price_month: 100,
      price_year: '1000.00',
      max_members: 10,
      max_organizations: 3,
      support_type_id: 1,
    };
    const created = await call('POST', '/api/v1/rest/subscribes', admin, body);
    const id = created.json().data.id as number;
    expect(await onlyEvent('plan.created', id)).toMatchObject({
      ...actorOf(admin),
      details: { name: 'Аудит-тариф', price_month: '100.00', max_members: 10 },
    });
    await call('PUT', `/api/v1/rest/subscribes/${id}`, admin, { ...body, price_month: '150.00' });
    expect((await onlyEvent('plan.updated', id)).details).toEqual({
      price_month: { from: '100.00', to: '150.00' },
    });
    await call('DELETE', `/api/v1/rest/subscribes/${id}`, admin);
    expect((await onlyEvent('plan.deleted', id)).details).toEqual({ name: 'Аудит-тариф' });
  });

  it('a paid notification: the payer bought the plan; the signature is not kept', async () => {
    const user = await createUser(t);
    const secret = await loadOrCreatePaymentSecret(t.env.DATA_DIR);
    const form = await checkout(t, user);
    const fields = signedNotification(secret, form.label, form.sum);
    const res = await deliver(t, fields);
    expect(res.statusCode, res.body).toBe(200);
    const order = await t.prisma.paymentOrder.findUniqueOrThrow({ where: { label: form.label } });
    const bought = await onlyEvent('plan.purchased', order.id);
    expect(bought).toMatchObject({ actorId: user.id, actorEmail: user.email, targetType: 'order' });
    expect(bought.details).toMatchObject({ plan_id: 2, period: 'month', amount: form.sum, test: true });
    expect(text(bought)).not.toContain(fields.sha1_hash);
    // A redelivery applies nothing and records nothing.
    await deliver(t, fields);
    expect(await events('plan.purchased', order.id)).toHaveLength(1);
  });

  it('file deleted, by its owner', async () => {
    const user = await createUser(t);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const up = await injectUpload(t, user, 'upload-image', {
      data: png,
      name: 'фото.png',
      type: 'image/png',
    });
    expect(up.statusCode, up.body).toBe(200);
    const id = up.json().data.id as number;
    await call('DELETE', `/api/v1/files/${id}`, user);
    expect(await onlyEvent('file.deleted', id)).toMatchObject({
      ...actorOf(user),
      targetType: 'file',
      details: { name: 'фото.png', group: 'avatar', owner_id: user.id },
    });
  });
});

import { randomBytes } from 'node:crypto';
import { USER_TYPE_ADMIN, USER_TYPE_USER } from '@cabinet/contracts';
import { newVaultKey } from '../src/lib/crypto';
import { createSession } from '../src/lib/sessions';
import { buildTestApp, type TestApp } from './build-test-app';

let counter = 0;
export const uniqueEmail = (label = 'user') =>
  `${label}.${Date.now().toString(36)}.${++counter}.${randomBytes(2).toString('hex')}@example.com`;

export interface TestUser {
  id: number;
  email: string;
  token: string;
  /** Headers for app.inject. */
  headers: { 'x-session-id': string };
}

/** A verified user with a live session, made directly in the database (sign-in itself is tested in auth). */
export async function createUser(
  t: TestApp,
  data: { email?: string; name?: string; admin?: boolean; planId?: number; planExpiresAt?: Date | null } = {},
): Promise<TestUser> {
  const user = await t.prisma.user.create({
    data: {
      email: data.email ?? uniqueEmail(data.admin ? 'admin' : 'user'),
      name: data.name ?? 'Тестовый Пользователь',
      emailVerifiedAt: new Date(),
      typeId: data.admin ? USER_TYPE_ADMIN : USER_TYPE_USER,
      planId: data.planId ?? 1,
      planExpiresAt: data.planExpiresAt ?? null,
      vaultKey: newVaultKey(),
    },
  });
  const token = await createSession(t.prisma, user.id);
  return { id: user.id, email: user.email, token, headers: { 'x-session-id': token } };
}

/** An account made by a sign-in code request that was never completed: unverified, no session (0086). */
export const createUnverified = (t: TestApp, name = '') =>
  t.prisma.user.create({ data: { email: uniqueEmail('unverified'), name, vaultKey: newVaultKey() } });

export const createAdmin = (t: TestApp, data: { email?: string; name?: string } = {}) =>
  createUser(t, { ...data, admin: true });

/** An organization with its owner member (type 1), made directly in the database. */
export async function createOrganization(
  t: TestApp,
  owner: { id: number },
  data: {
    name?: string;
    typeId?: number;
    /** Members besides the owner: type 2 unless `typeId` says 3 (an organization admin). */
    members?: { id: number; status?: 'active' | 'pending'; typeId?: number }[];
  } = {},
) {
  return t.prisma.organization.create({
    data: {
      name: data.name ?? `Команда ${++counter}`,
      typeId: data.typeId ?? 2,
      ownerId: owner.id,
      members: {
        create: [
          { userId: owner.id, typeId: 1, status: 'active' as const },
          ...(data.members ?? []).map((m) => ({
            userId: m.id,
            typeId: m.typeId ?? 2,
            status: m.status ?? ('active' as const),
          })),
        ],
      },
    },
  });
}

export const randomToken = () => randomBytes(32).toString('base64url');

/** A test app with a site admin and a plain user, for the files that call as both. */
export async function startAppWithAdminAndUser() {
  const t = await buildTestApp();
  return { t, admin: await createAdmin(t), user: await createUser(t) };
}

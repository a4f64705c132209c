import type { FileEntity, Invitation, Plan, Profile } from '@cabinet/contracts';

const timestamp = '2025-01-15T10:00:00.000Z';

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 1,
    name: 'Базовый',
    description: 'Бесплатный тариф',
    price_month: '0.00',
    price_year: '0.00',
    max_members: 5,
    max_organizations: 1,
    support_type_id: 1,
    sso: false,
    created_at: timestamp,
    updated_at: timestamp,
    ...overrides,
  };
}

export function makeFile(overrides: Partial<FileEntity> = {}): FileEntity {
  return {
    id: 7,
    name: 'a1b2c3.png',
    original_name: 'me.png',
    alt: null,
    description: null,
    disk: 'local',
    extension: 'png',
    group: 'avatar',
    hash: 'abc',
    mime: 'image/png',
    path: 'avatars/a1b2c3.png',
    relative_url: '/api/v1/files/download/7',
    size: 1024,
    sort: 0,
    url: 'http://localhost/api/v1/files/download/7',
    user_id: 1,
    created_at: timestamp,
    updated_at: timestamp,
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    name: 'Анна Петрова',
    email: 'anna@example.com',
    email_verified_at: timestamp,
    pending_email: null,
    files: [],
    org_members: [],
    subscribe: makePlan(),
    subscribe_id: 1,
    subscribe_expires_at: null,
    subscribe_grace_until: null,
    type_id: 1,
    type: { id: 1, code: 'user', name: 'Пользователь' },
    is_admin: false,
    blocked: false,
    locale: 'ru',
    created_at: timestamp,
    updated_at: timestamp,
    ...overrides,
  };
}

/** A fetch Response carrying a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function makeInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 11,
    organization_id: 3,
    organization: { id: 3, name: 'Команда' },
    email: 'invitee@example.com',
    type_id: 2,
    status: 'pending',
    invited_by: { id: 1, name: 'Анна Петрова', email: 'anna@example.com' },
    created_at: timestamp,
    sent_at: timestamp,
    expires_at: '2025-01-22T10:00:00.000Z',
    ...overrides,
  };
}

import {
  AUDIT_ACTION_CODES,
  AUDIT_ACTION_LABELS,
  type AuditEvent,
  auditActionLabel,
} from '@cabinet/contracts';
import { describe, expect, it } from 'vitest';
import { auditActorName, auditChanges, auditObject } from './audit-event-text';

const event = (over: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  at: '2026-11-27T10:00:00.000Z',
  actor: { id: 7, name: 'Анна', email: 'anna@example.com' },
  action: 'member.added',
  target_type: 'user',
  target_id: 9,
  organization_id: 3,
  ip: '10.0.0.1',
  details: {},
  ...over,
});

describe('audit event words', () => {
  it('names every action code in Russian, and shows an unknown one as it is', () => {
    for (const code of AUDIT_ACTION_CODES) expect(AUDIT_ACTION_LABELS[code]).toMatch(/[А-Яа-яЁё]/);
    expect(auditActionLabel('member.added')).toBe('Участник добавлен');
    expect(auditActionLabel('something.new')).toBe('something.new');
  });

  it('names the object from the details, else by its kind and id', () => {
    expect(auditObject(event({ details: { name: 'Борис', email: 'boris@example.com' } }))).toBe(
      'Борис (boris@example.com)',
    );
    expect(auditObject(event({ details: { name: '', email: 'boris@example.com' } }))).toBe(
      'boris@example.com',
    );
    expect(
      auditObject(
        event({
          action: 'organization.updated',
          target_type: 'organization',
          details: { name: { from: 'Альфа', to: 'Бета' } },
        }),
      ),
    ).toBe('«Бета»');
    expect(auditObject(event({ action: 'plan.deleted', target_type: 'plan', target_id: 4 }))).toBe(
      'Тариф №4',
    );
    expect(auditObject(event({ action: 'user.signed_in', target_id: 7 }))).toBe('свой аккаунт');
    expect(
      auditObject(
        event({
          action: 'plan.purchased',
          target_type: 'order',
          details: { plan_id: 2, period: 'year', amount: '9900.00' },
        }),
      ),
    ).toBe('Тариф №2 на год, 9900.00 ₽');
    expect(
      auditObject(
        event({ action: 'domain.verified', target_type: 'domain', details: { domain: 'corp.example' } }),
      ),
    ).toBe('corp.example');
  });

  it('names invitations, transfers, sessions and passkeys by what their details keep', () => {
    const invitation = { target_type: 'invitation', details: { email: 'new@example.com', type_id: 2 } };
    expect(auditObject(event({ action: 'invitation.created', ...invitation }))).toBe('для new@example.com');
    expect(
      auditObject(
        event({
          action: 'transfer.requested',
          target_type: 'transfer',
          details: { from_user_id: 7, to_user_id: 9, to_name: 'Борис', to_email: 'boris@example.com' },
        }),
      ),
    ).toBe('кому: Борис (boris@example.com)');
    const session = { action: 'session.revoked', target_type: 'session' };
    expect(auditObject(event({ ...session, details: { user_id: 7, device: 'Chrome 142, Windows' } }))).toBe(
      'Chrome 142, Windows',
    );
    expect(auditObject(event({ ...session, target_id: null, details: { user_id: 7, count: 2 } }))).toBe(
      'на других устройствах: 2',
    );
    expect(
      auditObject(event({ action: 'passkey.removed', target_type: 'passkey', details: { name: 'Ноутбук' } })),
    ).toBe('«Ноутбук»');
    expect(auditObject(event({ action: 'passkey.removed', target_type: 'passkey', target_id: 5 }))).toBe(
      'Ключ доступа №5',
    );
  });

  it('says what changed, and who acted (the system has no name)', () => {
    expect(
      auditChanges(
        event({
          action: 'organization.updated',
          target_type: 'organization',
          details: {
            name: { from: 'Альфа', to: 'Бета' },
            type: { from: 2, to: 3 },
            avatar_file_id: { from: 1, to: null },
          },
        }),
      ),
    ).toBe('название: Альфа → Бета; тип: 2 → 3; аватар удалён');
    expect(
      auditChanges(event({ action: 'profile.updated', details: { name: { from: '', to: 'Анна' } } })),
    ).toBe('имя: — → Анна');
    expect(auditChanges(event({ details: { name: 'Борис' } }))).toBe('');
    expect(
      auditChanges(event({ action: 'member.role_changed', details: { type: { from: 2, to: 3 } } })),
    ).toBe('роль: Участник → Администратор');
    expect(
      auditChanges(
        event({
          action: 'security_settings.updated',
          details: { new_device_mail: { from: true, to: false } },
        }),
      ),
    ).toBe('письма о новых входах: вкл. → выкл.');
    expect(auditActorName(event({}))).toBe('Анна');
    expect(auditActorName(event({ actor: null }))).toBe('Система');
  });
});

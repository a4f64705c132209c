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
    expect(auditActorName(event({}))).toBe('Анна');
    expect(auditActorName(event({ actor: null }))).toBe('Система');
  });
});

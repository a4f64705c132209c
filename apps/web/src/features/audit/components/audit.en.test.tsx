import { auditActionLabel, type OrganizationAuditEvent } from '@cabinet/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { auditChanges, auditObject } from './audit-event-text';
import { OrganizationAuditSection } from './organization-audit-section';

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const event = (over: Partial<OrganizationAuditEvent>): OrganizationAuditEvent => ({
  id: 1,
  at: '2026-11-27T10:00:00.000Z',
  actor: null,
  action: 'member.role_changed',
  target_type: 'user',
  target_id: 9,
  organization_id: 3,
  details: { name: 'Boris', email: 'boris@example.com', type: { from: 2, to: 3 } },
  ...over,
});

describe('the log in English (issue 32)', () => {
  it("lists an organization's events", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          success: true,
          message: '',
          data: [event({})],
          meta: { perPage: 20, next_cursor: null },
        }),
      ),
    );
    renderWithProviders(<OrganizationAuditSection organizationId={3} />);
    expect(await screen.findAllByText('role: Member → Admin')).toBeTruthy();
    expect(screen.getAllByText('System').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Log' })).toBeTruthy();
    // The action's own words are the contracts' catalogue's (translated there).
    expect(
      cyrillicWordsIn(document.body.textContent ?? '', [auditActionLabel('member.role_changed')]),
    ).toEqual([]);
  });

  it("words an event's object and changes", () => {
    expect(
      auditObject(
        event({ target_type: 'order', details: { plan_id: 2, period: 'year', amount: '9504.00' } }),
      ),
    ).toBe('Plan #2 for a year, 9504.00 ₽');
    expect(auditChanges(event({ details: { enabled: { from: true, to: false } } }))).toBe(
      'enabled: on → off',
    );
  });
});

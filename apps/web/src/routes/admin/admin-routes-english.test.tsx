import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApplicationsRoute } from './admin-applications-route';
import { AdminAuditRoute } from './admin-audit-route';
import { AdminOrganizationsRoute } from './admin-organizations-route';
import { AdminPaymentsRoute } from './admin-payments-route';
import { AdminPlansRoute } from './admin-plans-route';
import { AdminRefundsRoute } from './admin-refunds-route';
import { AdminUsersRoute } from './admin-users-route';
import { AdminWebhooksRoute } from './admin-webhooks-route';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

/**
 * Each admin list screen's own header: its title, and the first words of its description where it has one.
 * (The create and settings screens take their breadcrumbs from the shared components/admin-page-header.tsx.)
 */
const SCREENS: [string, ComponentType, string, RegExp | null][] = [
  ['users', AdminUsersRoute, 'Users', null],
  ['organizations', AdminOrganizationsRoute, 'Organizations', null],
  ['plans', AdminPlansRoute, 'Plans', null],
  ['payments', AdminPaymentsRoute, 'Payments', /^Every order: paid, unpaid/],
  ['refunds', AdminRefundsRoute, 'Refunds', /^Paid, but no plan was activated/],
  ['applications', AdminApplicationsRoute, 'Applications', /^Applications that sign in/],
  ['audit log', AdminAuditRoute, 'Audit log', /^Who did what in the cabinet/],
  ['webhooks', AdminWebhooksRoute, 'Webhooks', /^Addresses that receive the events/],
];

describe('the admin screens’ headers in English (issue 32)', () => {
  inEnglish();

  it.each(SCREENS)('%s', async (_name, Screen, title, description) => {
    session.signIn('tok');
    // Every list answers empty; what the screens list is the other tests' concern.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          success: true,
          message: '',
          data: [],
          meta: { page: 1, pages: 1, perPage: 20, total: 0 },
        }),
      ),
    );
    renderWithProviders(<Screen />);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    // The header: breadcrumbs, then the title with its description and actions.
    const header = heading.closest('.mantine-Group-root')?.parentElement as HTMLElement;
    if (description) expect(screen.getByText(description)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    // Its words (the breadcrumbs' own label is the shared page header's, translated there).
    const read = header.textContent ?? '';
    expect(read).not.toMatch(/\p{Script=Cyrillic}/u);
  });
});

import type { OrganizationDomain } from '@cabinet/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { DomainsSection } from './domains-section';

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const pending: OrganizationDomain = {
  id: 4,
  domain: 'corp.example',
  unicode: 'corp.example',
  verified: false,
  verified_at: null,
  last_checked_at: null,
  created_at: '2026-12-07T09:00:00.000Z',
  record: { type: 'TXT', name: '_cabinet-challenge.corp.example', value: 'cabinet-verification=AbCd' },
};
const verified: OrganizationDomain = {
  ...pending,
  id: 5,
  domain: 'mail.example',
  unicode: 'mail.example',
  verified: true,
  verified_at: '2026-12-07T10:00:00.000Z',
};

describe('domains in English (issue 32)', () => {
  it('lists the domains with their records and states', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: true, message: '', data: [pending, verified] })),
    );
    renderWithProviders(<DomainsSection organizationId={3} />);
    const card = await screen.findByRole('listitem', { name: 'corp.example' });
    expect(within(card).getByText('Not verified')).toBeTruthy();
    expect(within(card).getByText('Record name')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Check domain corp.example' })).toBeTruthy();
    expect(screen.getByText(/^Verified .*\. The TXT record may be removed/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Domains' })).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
  });
});

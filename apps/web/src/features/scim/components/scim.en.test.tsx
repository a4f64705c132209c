import type { ScimTokenStatus } from '@cabinet/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ScimSection } from './scim-section';

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const status: ScimTokenStatus = {
  exists: true,
  prefix: 'cab_scim_AbCd',
  created_at: '2026-12-01T10:00:00.000Z',
  last_used_at: null,
  available: true,
  unavailable_reason: null,
  base_url: 'https://cabinet.example.com/scim/v2',
};

describe('SCIM in English (issue 32)', () => {
  it('shows the base URL and the token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: true, message: '', data: status })),
    );
    renderWithProviders(<ScimSection organizationId={7} />);
    expect(await screen.findByLabelText('SCIM address (Base URL)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'SCIM address: copy' })).toBeTruthy();
    expect(screen.getByText(/^created .* · not used yet$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace token' })).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
  });
});

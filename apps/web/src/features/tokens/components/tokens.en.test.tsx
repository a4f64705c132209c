import type { PersonalToken } from '@cabinet/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cyrillicWordsIn, inEnglish } from '@/test/english';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { TokensPanel } from './tokens-panel';

inEnglish();
afterEach(() => vi.unstubAllGlobals());

const token: PersonalToken = {
  id: 4,
  name: 'CI',
  scopes: ['read', 'write'],
  prefix: 'cab_pat_AbCd',
  created_at: '2026-12-01T10:00:00.000Z',
  expires_at: null,
  last_used_at: '2026-12-05T08:30:00.000Z',
  last_used_ip: '203.0.113.7',
};

describe('access tokens in English (issue 32)', () => {
  it('lists the tokens and offers a new one with its terms', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          success: true,
          message: '',
          data: [token],
          meta: { page: 1, pages: 1, perPage: 20, total: 1 },
        }),
      ),
    );
    renderWithProviders(<TokensPanel />);
    const list = await screen.findByRole('list', { name: 'Access tokens' });
    expect(within(list).getByText('Read and write')).toBeTruthy();
    expect(within(list).getByText(/^created .* · no expiry · used .* from IP 203\.0\.113\.7$/)).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Revoke token CI' })).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('dialog', { name: 'New access token' })).toBeTruthy();
    expect(screen.getByDisplayValue('30 days')).toBeTruthy();
    expect(cyrillicWordsIn(document.body.textContent ?? '')).toEqual([]);
  });
});

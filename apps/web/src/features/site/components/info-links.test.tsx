import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { InfoLinks } from './info-links';

afterEach(() => vi.unstubAllGlobals());

function stubLinks(data: { about_url: string | null; faq_url: string | null; support_url: string | null }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ success: true, message: '', data })),
  );
}

describe("the header's links (decision 0161)", () => {
  it('shows the links that are set, in the spec order, and nothing else', async () => {
    stubLinks({
      about_url: 'https://example.com/about',
      faq_url: null,
      support_url: 'mailto:help@example.com',
    });
    renderWithProviders(<InfoLinks />);
    const about = await screen.findByRole('link', { name: 'О сервисе' });
    expect(about.getAttribute('href')).toBe('https://example.com/about');
    expect(screen.getByRole('link', { name: 'Поддержка' }).getAttribute('href')).toBe(
      'mailto:help@example.com',
    );
    expect(screen.queryByRole('link', { name: 'FAQ' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Информация' })).toBeTruthy();
  });

  it('renders nothing when none is set', async () => {
    stubLinks({ about_url: null, faq_url: null, support_url: null });
    renderWithProviders(<InfoLinks />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('navigation', { name: 'Информация' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

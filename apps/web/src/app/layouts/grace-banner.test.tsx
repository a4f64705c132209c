import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { jsonResponse, makePlan, makeProfile } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { GraceBanner } from './grace-banner';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  session.clear();
});

const pro = makePlan({ id: 2, name: 'Про', price_month: '990.00', price_year: '9504.00' });

/** profile/me answers `profile`; the payment history one paid yearly order of Про. */
function stubApi(profile: ReturnType<typeof makeProfile>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(String(url));
      if (String(url).startsWith('/api/v1/rest/payments')) {
        return jsonResponse({
          success: true,
          message: '',
          data: [
            {
              id: 5,
              label: 'a'.repeat(32),
              plan: { id: 2, name: 'Про' },
              period: 'year',
              method: 'mir',
              amount: '9504.00',
              status: 'paid',
              paid_at: '2025-11-24T10:00:00.000Z',
              granted_until: '2026-11-24T10:00:00.000Z',
              created_at: '2025-11-24T10:00:00.000Z',
              test: false,
              provider: 'yoomoney',
              refunded_amount: '0.00',
            },
          ],
          meta: { page: 1, pages: 1, perPage: 10, total: 1 },
        });
      }
      return jsonResponse({ success: true, message: '', data: profile });
    }),
  );
  return calls;
}

describe('GraceBanner (issue 15)', () => {
  it('says when the plan ended and until when to renew, and renews the same plan and period', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 26, 9), toFake: ['Date'] });
    session.signIn('tok');
    stubApi(
      makeProfile({
        subscribe: pro,
        subscribe_id: 2,
        subscribe_expires_at: new Date(2026, 10, 24, 13).toISOString(),
        subscribe_grace_until: new Date(2026, 10, 27, 13).toISOString(),
      }),
    );
    renderWithProviders(<GraceBanner />);
    expect(
      await screen.findByText(
        'Подписка «Про» закончилась 2 дня назад — продлите до 27.11.2026, чтобы не потерять возможности',
      ),
    ).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Продлить' });
    await vi.waitFor(() =>
      expect(link.getAttribute('href')).toBe('/subscription/update?subscribeId=2&type=year'),
    );
  });

  it('shows nothing and asks for no history outside a grace period', async () => {
    session.signIn('tok');
    const calls = stubApi(
      makeProfile({ subscribe: pro, subscribe_id: 2, subscribe_expires_at: '2027-01-01T00:00:00Z' }),
    );
    renderWithProviders(<GraceBanner />);
    await vi.waitFor(() => expect(calls.some((url) => url.includes('/profile/me'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('grace-banner')).toBeNull();
    expect(calls.some((url) => url.startsWith('/api/v1/rest/payments'))).toBe(false);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { renderWithProviders } from '@/test/render';
import { SessionEndedNotice } from './session-ended-notice';

describe("'Сеанс завершён, войдите снова' (issue 16)", () => {
  it('shows once after a session ended elsewhere, not after a sign-out of ones own', async () => {
    session.signIn('tok');
    session.expire();
    const first = renderWithProviders(<SessionEndedNotice />);
    expect(await screen.findByText('Сеанс завершён, войдите снова')).toBeTruthy();
    expect(window.localStorage.getItem('cabinet.accessToken')).toBeNull();
    first.unmount();

    // Read once: the next visit to sign-in does not repeat it.
    const again = renderWithProviders(<SessionEndedNotice />);
    expect(screen.queryByText('Сеанс завершён, войдите снова')).toBeNull();
    again.unmount();

    session.signIn('tok');
    session.clear();
    renderWithProviders(<SessionEndedNotice />);
    expect(screen.queryByText('Сеанс завершён, войдите снова')).toBeNull();
  });
});

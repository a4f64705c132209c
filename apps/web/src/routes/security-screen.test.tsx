import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrganizationAuditSection } from '@/features/audit/components/organization-audit-section';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SecurityScreen } from './security-screen';

afterEach(() => vi.unstubAllGlobals());

const REFUSED = 'Слишком много запросов, попробуйте позже';
const emptyList = {
  success: true,
  message: '',
  data: [],
  meta: { page: 1, pages: 1, perPage: 20, total: 0 },
};

/** Every call is refused (a 4xx, which is not retried) until `heal` is called; then lists answer empty. */
function stubOutage(healthy: (url: string) => unknown) {
  let down = true;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      down ? jsonResponse({ success: false, message: REFUSED }, 429) : jsonResponse(healthy(String(url))),
    ),
  );
  return () => {
    down = false;
  };
}

describe("issue 14's screens when their lists fail (decision 0164)", () => {
  it("'Безопасность': each panel says what failed, once, with 'Повторить', and no toast", async () => {
    const heal = stubOutage((url) =>
      url.includes('settings') ? { success: true, message: '', data: { new_device_mail: true } } : emptyList,
    );
    renderWithProviders(<SecurityScreen homeHref="/" />);

    for (const [region, text] of [
      ['Устройства и сеансы', 'Не удалось получить список сеансов'],
      ['Ключи доступа', 'Не удалось получить список ключей доступа'],
      ['Уведомления', 'Не удалось получить настройки безопасности'],
    ] as const) {
      const panel = screen.getByRole('region', { name: region });
      const alert = await within(panel).findByRole('alert');
      expect(alert.textContent).toContain(text);
      expect(alert.textContent).toContain(REFUSED);
      expect(within(panel).queryByText('Нет данных')).toBeNull();
      // One message: the panel's, not a toast as well.
      expect(screen.getAllByText(text)).toHaveLength(1);
    }
    expect(screen.queryByRole('switch')).toBeNull();

    heal();
    const passkeys = screen.getByRole('region', { name: 'Ключи доступа' });
    await userEvent.click(within(passkeys).getByRole('button', { name: 'Повторить' }));
    expect(await within(passkeys).findByText('Нет данных')).toBeTruthy();
  });

  it("an organization's 'Журнал': failed with 'Повторить', then empty with what will show there", async () => {
    const heal = stubOutage(() => ({ ...emptyList, meta: { perPage: 20, next_cursor: null } }));
    renderWithProviders(<OrganizationAuditSection organizationId={3} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось получить журнал');
    expect(screen.queryByText('Нет событий')).toBeNull();
    expect(screen.getAllByText('Не удалось получить журнал')).toHaveLength(1);

    heal();
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Нет данных')).toBeTruthy();
    expect(screen.getByText('Здесь появятся изменения участников, ролей и настроек')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

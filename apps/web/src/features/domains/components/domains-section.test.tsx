import type { OrganizationDomain } from '@cabinet/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { DomainsSection } from './domains-section';

afterEach(() => vi.unstubAllGlobals());

const pending: OrganizationDomain = {
  id: 4,
  domain: 'xn--e1afmkfd.xn--p1ai',
  unicode: 'пример.рф',
  verified: false,
  verified_at: null,
  last_checked_at: null,
  created_at: '2026-12-07T09:00:00.000Z',
  record: {
    type: 'TXT',
    name: '_cabinet-challenge.xn--e1afmkfd.xn--p1ai',
    value: 'cabinet-verification=AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  },
};
const verified: OrganizationDomain = {
  ...pending,
  id: 5,
  domain: 'corp.example',
  unicode: 'corp.example',
  verified: true,
  verified_at: '2026-12-07T10:00:00.000Z',
  last_checked_at: '2026-12-07T10:00:00.000Z',
  record: { ...pending.record, name: '_cabinet-challenge.corp.example' },
};

type Answer = { status?: number; body: unknown };
const ok = (data: unknown, message = ''): Answer => ({ body: { success: true, message, data } });
const refused = (status: number, message: string, errors?: Record<string, string[]>) => ({
  status,
  body: { success: false, message, data: null, code: status === 409 ? 'CONFLICT' : 'VALIDATION', errors },
});

/** The API as the section calls it: GET answers the list, the rest what the test queues. */
function stubApi(list: OrganizationDomain[], answers: Answer[] = []) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = method === 'GET' ? ok(list) : (answers.shift() ?? ok(null));
      return jsonResponse(answer.body, answer.status ?? 200);
    }),
  );
  return calls;
}

describe('DomainsSection', () => {
  it('lists the domains with their status, the TXT record to publish and its copy buttons', async () => {
    stubApi([pending, verified]);
    const user = userEvent.setup();
    renderWithProviders(<DomainsSection organizationId={3} />);
    const list = await screen.findByRole('list', { name: 'Домены' });
    const [idn, corp] = within(list).getAllByRole('listitem') as HTMLElement[];
    expect(within(idn!).getByText('пример.рф (xn--e1afmkfd.xn--p1ai)')).toBeTruthy();
    expect(within(idn!).getByText('Не подтверждён')).toBeTruthy();
    expect(within(idn!).getByText(pending.record.name)).toBeTruthy();
    expect(within(idn!).getByText(pending.record.value)).toBeTruthy();
    expect(within(corp!).getByText('Подтверждён')).toBeTruthy();
    // A verified domain needs its record no more and has nothing to check.
    expect(within(corp!).queryByText(verified.record.value)).toBeNull();
    expect(within(corp!).queryByRole('button', { name: /Проверить/ })).toBeNull();

    await user.click(within(idn!).getByRole('button', { name: /^Копировать значение записи/ }));
    expect(await navigator.clipboard.readText()).toBe(pending.record.value);
    await user.click(within(idn!).getByRole('button', { name: /^Копировать имя записи/ }));
    expect(await navigator.clipboard.readText()).toBe(pending.record.name);
  });

  it('adds a domain; a wrong name is marked under the field, before any call and from the server', async () => {
    const taken = 'Этот домен уже подтвердила другая организация';
    const calls = stubApi([], [refused(409, taken, { domain: [taken] }), ok(pending, 'Домен добавлен')]);
    const user = userEvent.setup();
    renderWithProviders(<DomainsSection organizationId={3} />);
    expect(await screen.findByText('Нет данных')).toBeTruthy();
    const field = screen.getByLabelText('Домен');

    await user.type(field, 'https://gmail.com');
    await user.click(screen.getByRole('button', { name: 'Добавить домен' }));
    expect(await screen.findByText('Укажите домен без http:// и @, например example.com')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'gmail.com{Enter}');
    expect(await screen.findByText(/Домен общедоступной почты/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'Corp.Example{Enter}');
    expect(await screen.findByText(taken)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'Пример.РФ.{Enter}');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        url: '/api/v1/rest/organizations/3/domains',
        body: { domain: 'xn--e1afmkfd.xn--p1ai' },
      }),
    );
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/v1/rest/organizations/3/domains',
      body: { domain: 'corp.example' },
    });
  });

  it("'Проверить' shows a failed check beside the domain, not in a toast", async () => {
    const missing = `Запись TXT ${pending.record.name} не найдена.`;
    const calls = stubApi([pending], [refused(409, missing)]);
    const user = userEvent.setup();
    renderWithProviders(<DomainsSection organizationId={3} />);
    const item = await screen.findByRole('listitem', { name: 'пример.рф' });
    await user.click(within(item).getByRole('button', { name: /^Проверить домен/ }));
    expect((await within(item).findByRole('alert')).textContent).toBe(missing);
    // Once: beside the domain, with no toast repeating it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText(missing)).toHaveLength(1);
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/api/v1/rest/organizations/3/domains/4/verify',
      body: undefined,
    });
  });

  it("'Удалить' asks first, then removes", async () => {
    const calls = stubApi([verified], [ok(null, 'Домен удалён')]);
    const user = userEvent.setup();
    renderWithProviders(<DomainsSection organizationId={3} />);
    const item = await screen.findByRole('listitem', { name: 'corp.example' });
    await user.click(within(item).getByRole('button', { name: 'Удалить домен corp.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить домен?' });
    expect(within(dialog).getByText(/перестанет быть подтверждённым/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Удалить домен' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'DELETE',
        url: '/api/v1/rest/organizations/3/domains/5',
        body: undefined,
      }),
    );
  });
});

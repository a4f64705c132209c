import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateClientDialog } from '@/features/admin/applications/components/create-client-dialog';
import { CreateTokenDialog } from '@/features/tokens/components/create-token-dialog';
import { WebhookFormDialog } from '@/features/webhooks/components/webhook-form-dialog';
import { jsonResponse } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

// Issue 34, rule 5 (decision 0236): the dialogs outside the settings screens say a refused field under it
// (aria-invalid, aria-describedby), keep what was typed, and toast nothing besides.

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.dismiss());
});

/** Every call is refused with these field errors. */
function refuse(message: string, errors: Record<string, string[]>) {
  const fetch = vi.fn(async () =>
    jsonResponse({ success: false, message, data: null, code: 'VALIDATION', errors }, 400),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The field is marked, says `message` under itself, keeps `value`, and no toast repeats it. */
async function expectMarked(field: HTMLElement, message: string, value: string) {
  await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  expect(ids.map((id) => document.getElementById(id)?.textContent)).toContain(message);
  expect((field as HTMLInputElement).value).toBe(value);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.getAllByText(message)).toHaveLength(1);
}

describe('field errors of the dialogs', () => {
  it("'Новый токен доступа': the server's word on the name", async () => {
    const fetch = refuse('Токен с таким названием уже есть', { name: ['Токен с таким названием уже есть'] });
    renderWithProviders(<CreateTokenDialog opened onClose={() => {}} />);
    const name = await screen.findByRole('textbox', { name: 'Название' });
    await userEvent.type(name, 'Сборка');
    await userEvent.click(screen.getByRole('button', { name: 'Создать токен' }));
    await expectMarked(name, 'Токен с таким названием уже есть', 'Сборка');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("'Новый токен доступа': a name too short never leaves the form", async () => {
    const fetch = refuse('-', {});
    renderWithProviders(<CreateTokenDialog opened onClose={() => {}} />);
    const name = await screen.findByRole('textbox', { name: 'Название' });
    await userEvent.type(name, 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Создать токен' }));
    await expectMarked(name, 'Название должно содержать минимум 2 символа', 'a');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("'Добавить вебхук': the form's and the server's words on the address and the events", async () => {
    const fetch = refuse('Проверьте адрес', { url: ['Адрес должен начинаться с https://'] });
    renderWithProviders(
      <WebhookFormDialog
        scope={{ organizationId: 3 }}
        webhook={null}
        opened
        onClose={() => {}}
        onCreated={() => {}}
      />,
    );
    const url = await screen.findByRole('textbox', { name: /Адрес/ });
    await userEvent.type(url, 'ftp://crm');
    // The button says what is missing and, pressed, marks the fields.
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await expectMarked(url, 'Адрес должен начинаться с https://', 'ftp://crm');
    expect(screen.getByText('Выберите хотя бы одно событие')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.clear(url);
    await userEvent.type(url, 'https://10.0.0.1/hook');
    await userEvent.click(screen.getByRole('checkbox', { name: 'organization.updated' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await expectMarked(url, 'Адрес должен начинаться с https://', 'https://10.0.0.1/hook');
  });

  it("'Новое приложение': the server's word on the name", async () => {
    refuse('Приложение с таким названием уже есть', { name: ['Приложение с таким названием уже есть'] });
    renderWithProviders(<CreateClientDialog opened onClose={() => {}} />);
    const name = await screen.findByRole('textbox', { name: /Название/ });
    await userEvent.type(name, 'Сборочный сервер');
    await userEvent.click(screen.getByRole('button', { name: 'Зарегистрировать' }));
    await expectMarked(name, 'Приложение с таким названием уже есть', 'Сборочный сервер');
  });
});

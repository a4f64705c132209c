import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { schemaResolver } from '@/lib/i18n/schema-resolver';
import { useApiMutation } from '@/lib/use-api-mutation';
import { LEAVE_FORM } from '@/lib/use-unsaved-changes';
import { renderWithProviders } from '@/test/render';
import { FormFrame, NOTHING_CHANGED, submitBlockReason } from './form-frame';

// The frame every create and settings form shares (issue 16; decisions 0164, 0165).

const Schema = z.object({
  name: z.string().trim().min(2, 'Название должно содержать минимум 2 символа'),
  priceMonth: z.string().min(1, 'Обязательное поле'),
});

function Harness({
  save,
  initial = { name: '', priceMonth: '' },
  settings = false,
}: {
  save: (values: { name: string; priceMonth: string }) => Promise<unknown>;
  initial?: { name: string; priceMonth: string };
  settings?: boolean;
}) {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(Schema, { sync: true }),
  });
  const mutation = useApiMutation({ mutationFn: save, successToast: '' });
  return (
    <>
      <FormFrame
        form={form}
        labels={{ name: 'Название', priceMonth: 'Стоимость/мес' }}
        changed={settings ? form.isDirty() : undefined}
        serverFields={{ price_month: 'priceMonth' }}
        onSubmit={form.onSubmit((values) => mutation.mutate(values))}
        busy={mutation.isPending}
        submitLabel="Сохранить"
        onCancel={() => navigate('/list')}
      >
        <TextInput label="Название" {...form.getInputProps('name')} />
        <TextInput label="Стоимость/мес" {...form.getInputProps('priceMonth')} />
      </FormFrame>
      <Button onClick={() => navigate('/elsewhere')}>Уйти</Button>
      <Button onClick={() => navigate('/after-delete', { state: LEAVE_FORM })}>Удалено</Button>
    </>
  );
}

const submit = () => screen.getByRole('button', { name: 'Сохранить' });
const reasonOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

afterEach(() => {
  act(() => toast.dismiss());
});

describe('submitBlockReason', () => {
  it('names what is missing, or that nothing changed', () => {
    expect(submitBlockReason(true, [])).toBeNull();
    expect(submitBlockReason(false, ['Название'])).toBe(NOTHING_CHANGED);
    expect(submitBlockReason(true, ['Название', 'Тип'])).toBe('Заполните или исправьте поля: Название, Тип');
  });
});

describe('FormFrame', () => {
  it('a button that cannot act stays focusable, says why, and shows the errors when pressed', async () => {
    const save = vi.fn(async () => ({ message: '' }));
    renderWithProviders(<Harness save={save} />);
    const button = submit();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(reasonOf(button)).toBe('Заполните или исправьте поля: Название, Стоимость/мес');

    await userEvent.click(button);
    expect(await screen.findByText('Название должно содержать минимум 2 символа')).toBeTruthy();
    expect(screen.getByText('Обязательное поле')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    // The first field in error takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Название')));
  });

  it('a settings form with nothing changed says so', async () => {
    renderWithProviders(<Harness save={vi.fn()} initial={{ name: 'Про', priceMonth: '990' }} settings />);
    expect(reasonOf(submit())).toBe(NOTHING_CHANGED);
    await userEvent.type(screen.getByLabelText('Название'), '+');
    expect(submit().getAttribute('aria-disabled')).toBeNull();
  });

  it("puts the server's field errors on their fields, with no toast repeating them", async () => {
    const save = vi.fn(async () => {
      throw new ApiError(409, 'Тариф с таким названием уже существует', 'CONFLICT', {
        name: ['Тариф с таким названием уже существует'],
        price_month: ['Не более 99 999 999,99 ₽'],
      });
    });
    renderWithProviders(<Harness save={save} />);
    await userEvent.type(screen.getByLabelText('Название'), 'Про');
    await userEvent.type(screen.getByLabelText('Стоимость/мес'), '990');
    await userEvent.click(submit());

    expect(await screen.findByText('Тариф с таким названием уже существует')).toBeTruthy();
    expect(screen.getByText('Не более 99 999 999,99 ₽')).toBeTruthy();
    // One message per failure: the text is on the field only.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Тариф с таким названием уже существует')).toHaveLength(1);
    expect(screen.getByLabelText('Название').getAttribute('aria-invalid')).toBe('true');
  });

  it('a failure without field errors is a toast, as before', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(503, 'Сервис временно недоступен, попробуйте позже', 'UNAVAILABLE');
    });
    renderWithProviders(<Harness save={save} />);
    await userEvent.type(screen.getByLabelText('Название'), 'Про');
    await userEvent.type(screen.getByLabelText('Стоимость/мес'), '990');
    await userEvent.click(submit());
    expect(await screen.findByText('Сервис временно недоступен, попробуйте позже')).toBeTruthy();
  });

  it('asks before leaving with unsaved changes; stays or leaves as told', async () => {
    const { router } = renderWithProviders(<Harness save={vi.fn()} />, { route: '/form' });
    await userEvent.type(screen.getByLabelText('Название'), 'Черновик');

    await userEvent.click(screen.getByRole('button', { name: 'Уйти' }));
    expect(await screen.findByText('Уйти без сохранения?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Остаться' }));
    expect(router.state.location.pathname).toBe('/form');
    expect((screen.getByLabelText('Название') as HTMLInputElement).value).toBe('Черновик');

    await userEvent.click(screen.getByRole('button', { name: 'Уйти' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Уйти без сохранения' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it("does not ask after 'Отмена' or a move made on purpose (LEAVE_FORM), nor for a clean form", async () => {
    const first = renderWithProviders(<Harness save={vi.fn()} />, { route: '/form' });
    await userEvent.click(screen.getByRole('button', { name: 'Уйти' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/elsewhere'));
    first.unmount();

    const second = renderWithProviders(<Harness save={vi.fn()} />, { route: '/form' });
    await userEvent.type(screen.getByLabelText('Название'), 'Черновик');
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/list'));
    second.unmount();

    const third = renderWithProviders(<Harness save={vi.fn()} />, { route: '/form' });
    await userEvent.type(screen.getByLabelText('Название'), 'Черновик');
    await userEvent.click(screen.getByRole('button', { name: 'Удалено' }));
    await waitFor(() => expect(third.router.state.location.pathname).toBe('/after-delete'));
    expect(screen.queryByText('Уйти без сохранения?')).toBeNull();
  });

  it('asks the browser before a reload or a closed tab while there are changes', async () => {
    const { session } = await import('@/lib/session');
    session.signIn('tok');
    try {
      renderWithProviders(<Harness save={vi.fn()} />, { route: '/form' });
      const clean = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(clean);
      expect(clean.defaultPrevented).toBe(false);
      await userEvent.type(screen.getByLabelText('Название'), 'Черновик');
      const dirty = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(dirty);
      expect(dirty.defaultPrevented).toBe(true);
    } finally {
      session.clear();
    }
  });
});

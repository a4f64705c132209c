import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ApiError } from './api-client';
import { SERVER_MESSAGE, useApiMutation } from './use-api-mutation';

type Answer = { message: string; data: null };

function Trigger(props: Parameters<typeof useApiMutation<Answer, void>>[0]) {
  const mutation = useApiMutation(props);
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      Сделать
    </button>
  );
}

async function run(props: Parameters<typeof useApiMutation<Answer, void>>[0]) {
  const rendered = renderWithProviders(<Trigger {...props} />);
  await userEvent.click(screen.getByRole('button', { name: 'Сделать' }));
  return rendered;
}

const answer = (message: string) => async (): Promise<Answer> => ({ message, data: null });

describe('useApiMutation: the toast rule of spec section 8', () => {
  it("shows the server's message, the call's text only when the server sends none", async () => {
    await run({ mutationFn: answer('Тариф создан'), successToast: 'Тарифный план успешно создан' });
    expect(await screen.findByText('Тариф создан')).toBeTruthy();
  });

  it("falls back to the call's text when the server sends no message", async () => {
    await run({ mutationFn: answer(''), successToast: 'Тарифный план успешно создан' });
    expect(await screen.findByText('Тарифный план успешно создан')).toBeTruthy();
  });

  it('a failure shows the server reason the user can act on, else the spec text', async () => {
    await run({
      mutationFn: async () => {
        throw new ApiError(409, 'Пользователь уже в организации');
      },
      successToast: SERVER_MESSAGE,
      failureToast: 'Не удалось отправить приглашение',
    });
    expect(await screen.findByText('Пользователь уже в организации')).toBeTruthy();
  });

  it('a server failure without a usable reason shows the spec text', async () => {
    await run({
      mutationFn: async () => {
        throw new ApiError(503, 'Сервис недоступен');
      },
      failureToast: 'Не удалось отправить приглашение',
    });
    expect(await screen.findByText('Не удалось отправить приглашение')).toBeTruthy();
  });

  it('refreshes the queries it names after a success, and only those', async () => {
    const { queryClient } = renderWithProviders(
      <Trigger mutationFn={answer('')} invalidates={[['plans']]} />,
    );
    queryClient.setQueryData(['plans', 'list', { page: 1 }], []);
    queryClient.setQueryData(['profile', 'me'], {});
    await userEvent.click(screen.getByRole('button', { name: 'Сделать' }));
    await waitFor(() =>
      expect(queryClient.getQueryState(['plans', 'list', { page: 1 }])?.isInvalidated).toBe(true),
    );
    expect(queryClient.getQueryState(['profile', 'me'])?.isInvalidated).toBe(false);
  });
});

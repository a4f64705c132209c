import { act, render, screen } from '@testing-library/react';
import { ToastContainer, toast } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, notifySuccess, notifyWarning, toastContainerProps } from './toasts';

afterEach(() => {
  act(() => toast.dismiss());
});

function renderContainer() {
  return render(<ToastContainer {...toastContainerProps} />);
}

describe('toasts (spec section 9)', () => {
  it('does not show a toast again while the same content is on screen', async () => {
    renderContainer();

    act(() => {
      notifyError('Ошибка при получении данных пользователя');
      notifyError('Ошибка при получении данных пользователя');
      notifySuccess('Код успешно скопирован в буфер обмена');
      notifySuccess('Код успешно скопирован в буфер обмена');
    });

    expect(await screen.findAllByText('Ошибка при получении данных пользователя')).toHaveLength(1);
    expect(screen.getAllByText('Код успешно скопирован в буфер обмена')).toHaveLength(1);
  });

  it('uses the content as the toast id', () => {
    renderContainer();
    let ids: Array<string | number> = [];
    act(() => {
      ids = [notifyWarning('Некорректный email'), notifyWarning('Некорректный email')];
    });
    expect(ids).toEqual(['Некорректный email', 'Некорректный email']);
  });

  it('shows at most five at once, newest on top', async () => {
    renderContainer();

    act(() => {
      for (const n of [1, 2, 3, 4, 5, 6]) notifyError(`Сообщение ${n}`);
    });

    const shown = await screen.findAllByText(/^Сообщение \d$/);
    expect(shown.map((node) => node.textContent)).toEqual([
      'Сообщение 5',
      'Сообщение 4',
      'Сообщение 3',
      'Сообщение 2',
      'Сообщение 1',
    ]);
  });

  it('is configured as the spec asks', () => {
    expect(toastContainerProps).toMatchObject({
      position: 'top-right',
      limit: 5,
      newestOnTop: true,
      draggable: true,
      closeOnClick: true,
      pauseOnHover: true,
      pauseOnFocusLoss: false,
      autoClose: 3000,
    });
  });
});

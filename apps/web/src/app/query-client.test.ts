import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from './query-client';

function deps(fieldsShown = false) {
  return {
    onUnauthorized: vi.fn(),
    notify: vi.fn(),
    notifyLimit: vi.fn(),
    offerFieldErrors: vi.fn(() => fieldsShown),
  };
}

describe('handleApiError (the one place where failed calls turn into behaviour)', () => {
  it('treats a 401 as a lost session and shows no toast', () => {
    const d = deps();
    handleApiError(new ApiError(401, 'Требуется вход', 'UNAUTHORIZED'), undefined, d);
    expect(d.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(d.notify).not.toHaveBeenCalled();
  });

  it('leaves the 401 of a sessionless call (a wrong sign-in code) to the screen', () => {
    const d = deps();
    handleApiError(new ApiError(401, 'Неверный код'), { sessionless: true, errorToast: false }, d);
    expect(d.onUnauthorized).not.toHaveBeenCalled();
    expect(d.notify).not.toHaveBeenCalled();
  });

  it("toasts the server's text, or the call's own text when it names one", () => {
    const d = deps();
    handleApiError(new ApiError(409, 'Такое имя уже занято', 'CONFLICT'), undefined, d);
    handleApiError(
      new ApiError(503, 'Сервис недоступен'),
      { errorToast: 'Ошибка при получении данных пользователя' },
      d,
    );
    expect(d.notify.mock.calls).toEqual([
      ['Такое имя уже занято'],
      ['Ошибка при получении данных пользователя'],
    ]);
  });

  it('gives a plan limit its toast with the link to the plans, whatever text it shows', () => {
    const d = deps();
    handleApiError(
      new ApiError(409, 'Тариф «Базовый» позволяет не более 1 организации.', 'LIMIT'),
      undefined,
      d,
    );
    handleApiError(
      new ApiError(409, 'Тариф «Базовый» позволяет не более 5 участников в организации.', 'LIMIT'),
      { errorFallback: 'Не удалось отправить приглашение' },
      d,
    );
    expect(d.notifyLimit.mock.calls).toEqual([
      ['Тариф «Базовый» позволяет не более 1 организации.'],
      ['Тариф «Базовый» позволяет не более 5 участников в организации.'],
    ]);
    expect(d.notify).not.toHaveBeenCalled();
  });

  it('offers a failed save’s field errors to the form first: no toast when it shows them all', () => {
    const error = new ApiError(409, 'Тариф с таким названием уже существует', 'CONFLICT', {
      name: ['Тариф с таким названием уже существует'],
    });
    const shown = deps(true);
    handleApiError(error, undefined, shown, true);
    expect(shown.offerFieldErrors).toHaveBeenCalledWith(error.errors);
    expect(shown.notify).not.toHaveBeenCalled();

    const notShown = deps(false);
    handleApiError(error, undefined, notShown, true);
    expect(notShown.notify).toHaveBeenCalledWith('Тариф с таким названием уже существует');

    // A failed load is no form's business.
    const load = deps(true);
    handleApiError(error, undefined, load);
    expect(load.offerFieldErrors).not.toHaveBeenCalled();
    expect(load.notify).toHaveBeenCalledTimes(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { handleApiError } from './query-client';

function deps() {
  return { onUnauthorized: vi.fn(), notify: vi.fn() };
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
    handleApiError(new ApiError(409, 'Лимит тарифа исчерпан', 'LIMIT'), undefined, d);
    handleApiError(
      new ApiError(503, 'Сервис недоступен'),
      { errorToast: 'Ошибка при получении данных пользователя' },
      d,
    );
    expect(d.notify.mock.calls).toEqual([
      ['Лимит тарифа исчерпан'],
      ['Ошибка при получении данных пользователя'],
    ]);
  });
});

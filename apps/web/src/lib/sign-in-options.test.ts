import { identitiesEndpoints, siteEndpoints } from '@cabinet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the sign-in options (plain fetch, decision 0111)', () => {
  it('uses the paths of the endpoint table', async () => {
    const { SIGN_IN_OPTIONS_PATH, YANDEX_START_PATH } = await import('./sign-in-options');
    expect(SIGN_IN_OPTIONS_PATH).toBe(siteEndpoints.signIn.path);
    expect(YANDEX_START_PATH).toBe(identitiesEndpoints.yandexStart.path);
  });

  it('reads yandex_id once per page load; a failure offers nothing and asks again next time', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(jsonResponse({ success: true, message: '', data: { yandex_id: true } }));
    vi.stubGlobal('fetch', fetch);
    const { loadSignInOptions } = await import('./sign-in-options');
    expect(await loadSignInOptions()).toEqual({ yandex_id: false });
    expect(await loadSignInOptions()).toEqual({ yandex_id: true });
    expect(await loadSignInOptions()).toEqual({ yandex_id: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

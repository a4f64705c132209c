import { profileEndpoints } from '@cabinet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeProfile } from '@/test/fixtures';

/** What each call says about the page's language (issue 32, decision 0305). */
function stubFetch() {
  const calls: Array<{ url: string; language: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, language: new Headers(init?.headers).get('Accept-Language') });
      return jsonResponse({ success: true, message: '', data: makeProfile() });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
  vi.resetModules();
});

describe('the API client tells the API the page language', () => {
  it('in Accept-Language on every call, and no lang without ?lang', async () => {
    const calls = stubFetch();
    const { callEndpoint } = await import('./api-client');
    const { setLocale } = await import('./i18n/locale');
    await callEndpoint(profileEndpoints.me);
    await setLocale('en');
    await callEndpoint(profileEndpoints.me);
    expect(calls).toEqual([
      { url: '/api/v1/rest/profile/me', language: 'ru' },
      { url: '/api/v1/rest/profile/me', language: 'en' },
    ]);
    await setLocale('ru');
  });

  it('and ?lang= in the query when the page was opened with it', async () => {
    window.history.replaceState(null, '', '/app/?lang=en');
    vi.resetModules();
    const calls = stubFetch();
    const { callEndpoint } = await import('./api-client');
    const { getLocale, setLocale } = await import('./i18n/locale');
    expect(getLocale()).toBe('en');
    await callEndpoint(profileEndpoints.me);
    expect(calls).toEqual([{ url: '/api/v1/rest/profile/me?lang=en', language: 'en' }]);
    await setLocale('ru');
  });
});

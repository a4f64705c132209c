import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { createUser } from './create-user';

afterEach(() => vi.unstubAllGlobals());

/** The real calls, with fetch answering: search (none), login (given status), search (found), update. */
function stubServer(loginStatus: number) {
  const calls: string[] = [];
  let searches = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url.split('?')[0]}`);
      if (url.startsWith('/api/v1/rest/profile/search')) {
        searches += 1;
        const data = searches === 1 ? [] : [{ id: 9, email: 'new@example.com', name: '' }];
        return jsonResponse({
          success: true,
          message: '',
          data,
          meta: { page: 1, pages: 1, perPage: 20, total: data.length },
        });
      }
      if (url === '/api/v1/auth/login') {
        return loginStatus === 200
          ? jsonResponse({ success: true, message: 'Код отправлен', data: null })
          : jsonResponse(
              { success: false, message: 'Подождите', data: null, code: 'RATE_LIMITED' },
              loginStatus,
            );
      }
      return jsonResponse({
        success: true,
        message: 'ok',
        data: { name: 'Анна', email: 'new@example.com', pending_email: null },
      });
    }),
  );
  return calls;
}

describe('the invitation call', () => {
  it('takes a 429 (a code went out under a minute ago) as sent', async () => {
    const calls = stubServer(429);
    await expect(createUser({ name: 'Анна', email: 'new@example.com' })).resolves.toEqual({
      status: 'created',
      userId: 9,
    });
    expect(calls).toEqual([
      'GET /api/v1/rest/profile/search',
      'POST /api/v1/auth/login',
      'GET /api/v1/rest/profile/search',
      'PUT /api/v1/rest/profile/update/9',
    ]);
  });

  it('turns its 401 into a plain error, so the admin is not signed out', async () => {
    stubServer(401);
    const error = await createUser({ name: 'Анна', email: 'new@example.com' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('Error');
  });
});

import {
  adminEndpoints,
  authEndpoints,
  filesEndpoints,
  organizationsEndpoints,
  plansEndpoints,
  profileEndpoints,
} from '@cabinet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeFile } from '@/test/fixtures';
import { ApiError, callEndpoint, errorTextFromBody, NETWORK_ERROR, UNKNOWN_SERVER_ERROR } from './api-client';
import { session } from './session';

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn(typeof response === 'function' ? response : async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('error text rule (spec section 8)', () => {
  it('uses the body data when it is a string', () => {
    expect(errorTextFromBody({ success: false, message: 'Ошибка', data: 'Организация не найдена' })).toBe(
      'Организация не найдена',
    );
  });

  it('falls back to the message when data is not a string', () => {
    expect(errorTextFromBody({ success: false, message: 'Код неверный', data: null })).toBe('Код неверный');
    expect(errorTextFromBody({ success: false, message: 'Код неверный', data: { id: 1 } })).toBe(
      'Код неверный',
    );
    expect(errorTextFromBody({ success: false, message: 'Код неверный', data: '  ' })).toBe('Код неверный');
  });

  it('says "Неизвестная ошибка сервера" when there is neither', () => {
    expect(errorTextFromBody(null)).toBe(UNKNOWN_SERVER_ERROR);
    expect(errorTextFromBody('<html>Bad gateway</html>')).toBe(UNKNOWN_SERVER_ERROR);
    expect(errorTextFromBody({ success: false, message: '', data: null })).toBe(UNKNOWN_SERVER_ERROR);
    expect(errorTextFromBody({})).toBe(UNKNOWN_SERVER_ERROR);
  });
});

describe('callEndpoint', () => {
  it('throws ApiError(status, message, code, errors) for an error envelope', async () => {
    stubFetch(
      jsonResponse(
        {
          success: false,
          message: 'Проверьте данные',
          data: null,
          code: 'VALIDATION',
          errors: { email: ['Неверный формат email', 'Не более 254 символов'] },
        },
        400,
      ),
    );

    const error = await caught(callEndpoint(authEndpoints.login, { body: { loginKey: 'web', email: 'x' } }));

    expect(error.status).toBe(400);
    expect(error.message).toBe('Проверьте данные');
    expect(error.code).toBe('VALIDATION');
    expect(error.errors).toEqual({ email: ['Неверный формат email', 'Не более 254 символов'] });
    expect(error.firstMessage).toBe('Неверный формат email');
  });

  it('uses the data string of a failed answer as the text', async () => {
    stubFetch(
      jsonResponse({ success: false, message: 'Ошибка', data: 'Тариф не найден', code: 'NOT_FOUND' }, 404),
    );
    const error = await caught(callEndpoint(plansEndpoints.delete, { params: { id: 9 } }));
    expect(error).toMatchObject({ status: 404, message: 'Тариф не найден', code: 'NOT_FOUND' });
    expect(error.firstMessage).toBe('Тариф не найден');
  });

  it('turns a body that is not JSON into "Неизвестная ошибка сервера"', async () => {
    stubFetch(new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    const error = await caught(callEndpoint(profileEndpoints.me));
    expect(error).toMatchObject({ status: 502, message: UNKNOWN_SERVER_ERROR, code: null });
  });

  it('treats success:false as a failure even with a 2xx status', async () => {
    stubFetch(jsonResponse({ success: false, message: 'Не удалось', data: null }, 200));
    const error = await caught(callEndpoint(profileEndpoints.me));
    expect(error).toMatchObject({ status: 200, message: 'Не удалось' });
  });

  it('reports a lost connection as status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(callEndpoint(profileEndpoints.me));
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR });
  });

  it('returns message and data of a good answer, validated by the schema', async () => {
    stubFetch(jsonResponse({ success: true, message: 'Готово', data: { count: 3 } }));
    const result = await callEndpoint(adminEndpoints.organizationsCount);
    expect(result).toEqual({ message: 'Готово', data: { count: 3 } });
  });

  it('refuses an answer that does not match the contract', async () => {
    stubFetch(jsonResponse({ success: true, message: 'Готово', data: { count: 'three' } }));
    const error = await caught(callEndpoint(adminEndpoints.organizationsCount));
    expect(error.message).toBe(UNKNOWN_SERVER_ERROR);
  });

  it('sends the session in X-Session-Id, JSON bodies and query strings', async () => {
    session.signIn('secret-token');
    const fetchMock = stubFetch(jsonResponse({ success: true, message: '', data: null }));

    // The update call answers data null; its query is widened here to show how a query string is built.
    await callEndpoint(organizationsEndpoints.update, {
      params: { id: 5 },
      body: { name: 'Альфа' } as never,
      query: { page: 1, search: '', ids: [1, 2] } as never,
    });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/rest/organizations/5?page=1&ids=1&ids=2');
    const headers = new Headers(init.headers);
    expect(headers.get('X-Session-Id')).toBe('secret-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ name: 'Альфа' }));
  });

  it('sends a multipart call its FormData as it is', async () => {
    session.signIn('secret-token');
    const fetchMock = stubFetch(jsonResponse({ success: true, message: '', data: makeFile() }));
    const body = new FormData();
    body.append('group', 'avatar');

    const { data } = await callEndpoint(filesEndpoints.uploadImage, { body });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/files/upload-image');
    expect(init.body).toBe(body);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    expect(data.id).toBe(7);
  });

  it('leaves the session out of calls that must not carry it', async () => {
    session.signIn('secret-token');
    const fetchMock = stubFetch(jsonResponse({ success: true, message: '', data: null }));

    await callEndpoint(authEndpoints.login, { body: { loginKey: 'web', email: 'a@b.ru' } });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('X-Session-Id')).toBe(false);
  });

  it('has no side effects: a 401 only throws', async () => {
    session.signIn('secret-token');
    stubFetch(
      jsonResponse({ success: false, message: 'Требуется вход', data: null, code: 'UNAUTHORIZED' }, 401),
    );

    const error = await caught(callEndpoint(profileEndpoints.me));

    expect(error.status).toBe(401);
    expect(session.getState().isAuthenticated).toBe(true);
  });
});

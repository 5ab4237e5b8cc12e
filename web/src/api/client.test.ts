import { afterEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '../i18n/language.ts';
import { ApiError, apiJson, apiText, apiUrl } from './client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('puts every call under /api/v1, encodes values and repeats array keys', () => {
    expect(apiUrl('users/login')).toBe('/api/v1/users/login');
    expect(apiUrl('/questions', { page: 0, size: 5, sort: ['title,desc', 'id,asc'], date: undefined })).toBe(
      '/api/v1/questions?page=0&size=5&sort=title%2Cdesc&sort=id%2Casc',
    );
    expect(apiUrl('questions/topics/search', { title: 'a&b c' })).toBe(
      '/api/v1/questions/topics/search?title=a%26b+c',
    );
  });
});

describe('apiJson / apiText', () => {
  it('sends cookies and JSON, and turns an error answer into ApiError with the server message', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ status: 409, error: 'Conflict', message: 'Email is already in use!' }),
          {
            status: 409,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const failure = await apiText('users/signup', { method: 'POST', body: { email: 'a' } }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, message: 'Email is already in use!' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users/signup');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"email":"a"}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    // The language shown goes along, so the server answers in it.
    expect((init.headers as Record<string, string>)['accept-language']).toBe('en');
  });

  it('asks for answers in Korean while the interface shows Korean', async () => {
    const fetchMock = vi.fn(async () => new Response('alice'));
    vi.stubGlobal('fetch', fetchMock);
    await showLanguage('ko');
    try {
      await apiText('users/refresh', { method: 'POST' });
    } finally {
      await showLanguage('en');
    }
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['accept-language']).toBe('ko');
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(apiJson('users/auth-check')).rejects.toMatchObject({ status: 0 });
  });
});

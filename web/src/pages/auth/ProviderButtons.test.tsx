import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_META_NAME } from '../../../../common/oauth.ts';
import { ProviderButtons, providersFromPage } from './ProviderButtons.tsx';

function setMeta(content: string | null) {
  document.head.querySelector(`meta[name="${OAUTH_META_NAME}"]`)?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = OAUTH_META_NAME;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  setMeta(null);
  vi.unstubAllGlobals();
});

describe('the provider buttons', () => {
  it('shows only the providers the server wrote into the page, in order, carrying the return path', () => {
    setMeta('kakao google');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<ProviderButtons from="/tutoring/Min Kim?date=2026-11-23" />);
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Continue with Google', 'Continue with Kakao']);
    expect(links[0]!.getAttribute('href')).toBe(
      '/oauth2/authorization/google?from=%2Ftutoring%2FMin%20Kim%3Fdate%3D2026-11-23',
    );
    // The marks are decoration: the link's name is its text.
    expect(links[1]!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    // Known from the page: no API call, nothing to wait for.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows nothing when the server has no provider configured', () => {
    setMeta('');
    const { container } = render(<ProviderButtons from={null} />);
    expect(container.innerHTML).toBe('');
    expect(providersFromPage()).toEqual([]);
  });

  it('ignores names that are not providers', () => {
    setMeta('naver github <script>');
    expect(providersFromPage()).toEqual(['naver']);
  });

  it('asks the API only when the page has no list (the Vite dev server)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(['naver']), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<ProviderButtons from={null} />);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Continue with Naver' })).toBeTruthy());
    expect(screen.getByRole('link').getAttribute('href')).toBe('/oauth2/authorization/naver');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/users/oauth/providers');
  });
});

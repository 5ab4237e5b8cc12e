import { describe, expect, it } from 'vitest';
import { isOAuthOutcome, isOAuthProvider, OAUTH_OUTCOMES, OAUTH_PROVIDERS, providerLabels } from './oauth.ts';
import { safeReturnPath } from './returnPath.ts';

describe('safeReturnPath', () => {
  it('keeps a path of this site', () => {
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/submission/ann?date=2026-03-10#top')).toBe('/submission/ann?date=2026-03-10#top');
    expect(safeReturnPath(`/${'a'.repeat(1999)}`)).toHaveLength(2000);
  });

  it('refuses anything that could leave the site or is not a plain path', () => {
    for (const from of [
      undefined,
      3,
      '',
      'https://evil.example/',
      'evil.example',
      '//evil.example/',
      '/\\evil.example',
      '/a\\b',
      '/a\nb',
      '/a\u0000b',
      '/a\u001fb',
      '/a\u007fb',
      `/${'a'.repeat(2000)}`,
    ])
      expect(safeReturnPath(from), JSON.stringify(from)).toBeNull();
    expect(safeReturnPath('/a\u0020b')).toBe('/a b');
  });
});

describe('sign-in providers and outcomes', () => {
  it('knows the providers, their labels and the outcomes', () => {
    expect(OAUTH_PROVIDERS).toEqual(['google', 'naver', 'kakao']);
    expect(providerLabels).toEqual({ google: 'Google', naver: 'Naver', kakao: 'Kakao' });
    expect(isOAuthProvider('naver')).toBe(true);
    expect(isOAuthProvider('Naver')).toBe(false);
    expect(isOAuthProvider(1)).toBe(false);
    expect(OAUTH_OUTCOMES).toEqual(['cancelled', 'expired', 'failed', 'unverified', 'link']);
    expect(isOAuthOutcome('link')).toBe(true);
    expect(isOAuthOutcome('linked')).toBe(false);
    expect(isOAuthOutcome(null)).toBe(false);
  });
});

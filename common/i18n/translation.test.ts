import { describe, expect, it } from 'vitest';
import { hasAnyRole, isRole, rolesToText, STAFF_ROLES, toAuthorities } from '../roles.ts';
import {
  acceptedLanguages,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_NAMES,
  languageOf,
  requestLanguage,
} from './translation.ts';

describe('the interface language', () => {
  it('is English by default, named in itself, remembered in the lang cookie', () => {
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(LANGUAGE_NAMES).toEqual({ en: 'English', ko: '한국어' });
    expect(LANGUAGE_COOKIE).toBe('lang');
    expect(isLanguage('ko')).toBe(true);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it('languageOf takes the first Korean or English tag of the preferred list', () => {
    expect(languageOf(['fr', ' KO-kr ', 'en'])).toBe('ko');
    expect(languageOf(['en_GB', 'ko'])).toBe('en');
    expect(languageOf(['ko_KR'])).toBe('ko');
    expect(languageOf(['kok', 'fr'])).toBe('en');
    expect(languageOf([])).toBe('en');
  });

  it('acceptedLanguages orders Accept-Language by weight, then by place, without q=0 and *', () => {
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages('en;q=0.5, ko-KR , fr;q=0.8')).toEqual(['ko-KR', 'fr', 'en']);
    expect(acceptedLanguages('fr;q=0.8, de;q=0.8')).toEqual(['fr', 'de']);
    expect(acceptedLanguages('ko;q=0, *, en')).toEqual(['en']);
    expect(acceptedLanguages('ko;q=x, en;level=1;q=0.1')).toEqual(['en']);
    expect(acceptedLanguages(' ;q=1, en')).toEqual(['en']);
  });

  it('requestLanguage prefers the cookie when it names a language', () => {
    expect(requestLanguage('ko', 'en')).toBe('ko');
    expect(requestLanguage('fr', 'ko-KR,en;q=0.9')).toBe('ko');
    expect(requestLanguage(undefined, 'en;q=0.2, ko;q=0.1')).toBe('en');
    expect(requestLanguage(undefined, undefined)).toBe('en');
  });
});

describe('roles', () => {
  it('knows the four roles, their authorities and text, and the staff', () => {
    expect(isRole('TEACHER')).toBe(true);
    expect(isRole('teacher')).toBe(false);
    expect(toAuthorities(['ADMIN', 'PARENT'])).toEqual(['ROLE_ADMIN', 'ROLE_PARENT']);
    expect(rolesToText(['ADMIN', 'TEACHER'])).toBe('ADMIN,TEACHER');
    expect(STAFF_ROLES).toEqual(['TEACHER', 'ADMIN']);
    expect(hasAnyRole(['STUDENT', 'ADMIN'], STAFF_ROLES)).toBe(true);
    expect(hasAnyRole(['STUDENT', 'PARENT'], STAFF_ROLES)).toBe(false);
    expect(hasAnyRole([], STAFF_ROLES)).toBe(false);
  });
});

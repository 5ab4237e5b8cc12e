import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../commonPasswords.ts';
import { limits } from '../limits.ts';
import { isSingleScript, scriptsOf } from '../scripts.ts';
import { describeIssues } from '../validation.ts';
import type { z } from '../zod.ts';
import {
  ApiErrorBody,
  emailField,
  LanguageRequest,
  LoginRequest,
  newPasswordField,
  ProfileUpdateRequest,
  RoleList,
  SignupRequest,
  usernameField,
} from './users.ts';

function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(value).slice(0, 200)}`);
  return describeIssues(result.error.issues).message;
}

const x = (n: number) => 'x'.repeat(n);
const signup = { email: 'Ann@Example.com', username: 'ann', password: 'a long secret' };

describe('emailField', () => {
  it('trims and lower-cases an address, up to the limit', () => {
    expect(emailField.parse('  Ann@Example.COM ')).toBe('ann@example.com');
    const longest = `${x(limits.emailMax - 12)}@example.com`;
    expect(emailField.parse(longest)).toBe(longest);
    expect(refusal(emailField, `${x(limits.emailMax - 11)}@example.com`)).toBe(
      `must be at most ${limits.emailMax} characters`,
    );
    expect(refusal(emailField, 'ann')).toBe('must be a valid email address');
    expect(refusal(emailField, ' ')).toBe('must not be empty');
  });
});

describe('usernameField', () => {
  it('takes letters and digits of one script, spaces, dots, dashes and underscores', () => {
    expect(usernameField.parse(' Jo-Anne_2.b ')).toBe('Jo-Anne_2.b');
    expect(usernameField.parse('김민준')).toBe('김민준');
    expect(usernameField.parse('alice김')).toBe('alice김');
    expect(usernameField.parse('Ａlice')).toBe('Alice');
    expect(usernameField.parse(x(limits.usernameMax))).toHaveLength(limits.usernameMax);
  });
  it('refuses other characters, a leading mark, mixed scripts and long names', () => {
    const pattern =
      "may contain only letters, digits, spaces, '.', '_' and '-', and must start with a letter or digit";
    expect(refusal(usernameField, 'ann!')).toBe(pattern);
    expect(refusal(usernameField, '.ann')).toBe(pattern);
    expect(refusal(usernameField, 'a/b')).toBe(pattern);
    expect(refusal(usernameField, 'аlice')).toMatch(/^must be written in one script/);
    expect(refusal(usernameField, x(limits.usernameMax + 1))).toBe(
      `must be at most ${limits.usernameMax} characters`,
    );
    // NFKC can make a name longer: the limit holds after it too.
    expect(refusal(usernameField, `${x(limits.usernameMax - 1)}ﷺ`)).toBe(
      `must be at most ${limits.usernameMax} characters`,
    );
  });
});

describe('scripts', () => {
  it('counts letters and digits by script, not shared characters', () => {
    expect([...scriptsOf('Jo-Anne 2')]).toEqual(['Latin']);
    expect([...scriptsOf('аb')].sort()).toEqual(['Cyrillic', 'Latin']);
    expect([...scriptsOf('12 .-')]).toEqual([]);
    expect([...scriptsOf('𐌰')]).toEqual(['Other']);
  });
  it('allows one script or Latin with one CJK combination', () => {
    expect(isSingleScript('')).toBe(true);
    expect(isSingleScript('abc')).toBe(true);
    expect(isSingleScript('山田たろうタ')).toBe(true);
    expect(isSingleScript('abc山田')).toBe(true);
    expect(isSingleScript('ㄅ山a')).toBe(true);
    expect(isSingleScript('김山')).toBe(true);
    expect(isSingleScript('김たろう')).toBe(false);
    expect(isSingleScript('ㄅた')).toBe(false);
    expect(isSingleScript('aα')).toBe(false);
  });
});

describe('passwords', () => {
  it('knows the common passwords in any case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('letmein!')).toBe(true);
    expect(isCommonPassword('a long secret')).toBe(false);
  });
  it('newPasswordField keeps spaces and refuses short, blank, long and common passwords', () => {
    expect(newPasswordField.parse(' 8 chars ')).toBe(' 8 chars ');
    expect(refusal(newPasswordField, x(limits.passwordMin - 1))).toBe(
      `must be at least ${limits.passwordMin} characters`,
    );
    expect(refusal(newPasswordField, ' '.repeat(limits.passwordMin))).toBe('must not be only spaces');
    expect(refusal(newPasswordField, x(limits.passwordMax + 1))).toBe(
      `must be at most ${limits.passwordMax} characters`,
    );
    expect(newPasswordField.parse(`a${x(limits.passwordMax - 1)}`)).toHaveLength(limits.passwordMax);
    expect(refusal(newPasswordField, 'Password1')).toBe(
      'is one of the most common passwords; choose one that is harder to guess',
    );
  });
});

describe('SignupRequest', () => {
  it('reads a new account', () => {
    expect(SignupRequest.parse(signup)).toEqual({ ...signup, email: 'ann@example.com' });
  });
  it('refuses a password that is the username or the email, in any case and spacing', () => {
    const message = 'password: must not be your username or email address';
    expect(refusal(SignupRequest, { ...signup, username: 'annsecret', password: ' ANNSECRET ' })).toBe(
      message,
    );
    expect(refusal(SignupRequest, { ...signup, email: 'ann@ex.com', password: 'Ann@Ex.com' })).toBe(message);
    expect(
      SignupRequest.safeParse({ ...signup, username: 'Annsecret', password: 'annsecret1' }).success,
    ).toBe(true);
  });
});

describe('LoginRequest, RoleList, ProfileUpdateRequest, LanguageRequest, ApiErrorBody', () => {
  it('LoginRequest lower-cases the email and keeps the password as typed', () => {
    expect(LoginRequest.parse({ email: ' A@B.C ', password: ' pw ' })).toEqual({
      email: 'a@b.c',
      password: ' pw ',
    });
    expect(refusal(LoginRequest, { email: 'a@b.c', password: x(limits.passwordMax + 1) })).toBe(
      `password: must be at most ${limits.passwordMax} characters`,
    );
    expect(refusal(LoginRequest, { email: x(limits.emailMax + 1), password: 'p' })).toBe(
      `email: must be at most ${limits.emailMax} characters`,
    );
  });
  it('RoleList names at least one known role', () => {
    expect(RoleList.parse(['STUDENT', 'ADMIN'])).toEqual(['STUDENT', 'ADMIN']);
    expect(refusal(RoleList, [])).toBe('must name at least one role');
    expect(RoleList.safeParse(['ROOT']).success).toBe(false);
  });
  it('ProfileUpdateRequest takes each field or none', () => {
    expect(ProfileUpdateRequest.parse({})).toEqual({});
    expect(
      ProfileUpdateRequest.parse({ id: '3', username: ' Ann ', email: 'A@B.CO', role: 'STUDENT' }),
    ).toEqual({
      id: 3,
      username: 'Ann',
      email: 'a@b.co',
      role: 'STUDENT',
    });
    expect(refusal(ProfileUpdateRequest, { currentPassword: 1 })).toBe('currentPassword: must be a text');
    expect(refusal(ProfileUpdateRequest, { currentPassword: x(limits.passwordMax + 1) })).toBe(
      `currentPassword: must be at most ${limits.passwordMax} characters`,
    );
    expect(
      ProfileUpdateRequest.parse({ currentPassword: x(limits.passwordMax) }).currentPassword,
    ).toHaveLength(limits.passwordMax);
    expect(refusal(ProfileUpdateRequest, { role: 1 })).toBe('role: must be a text');
    expect(refusal(ProfileUpdateRequest, { role: x(201) })).toBe('role: must be at most 200 characters');
    expect(ProfileUpdateRequest.parse({ role: x(200) }).role).toHaveLength(200);
  });
  it("LanguageRequest takes 'en', 'ko' or null", () => {
    expect(LanguageRequest.parse({ language: 'ko' })).toEqual({ language: 'ko' });
    expect(LanguageRequest.parse({ language: null })).toEqual({ language: null });
    expect(refusal(LanguageRequest, { language: 'fr' })).toBe("language: must be 'en', 'ko' or null");
  });
  it('ApiErrorBody describes an error answer', () => {
    const body = { status: 400, error: 'Bad Request', message: 'x: is required' };
    expect(ApiErrorBody.parse({ ...body, details: [{ path: 'x', message: 'is required' }] })).toMatchObject(
      body,
    );
    expect(ApiErrorBody.safeParse({ ...body, status: 400.5 }).success).toBe(false);
    expect(ApiErrorBody.safeParse({ ...body, details: [{ path: 'x' }] }).success).toBe(false);
    expect(ApiErrorBody.safeParse({ status: 400, error: 'Bad Request' }).success).toBe(false);
  });
});
